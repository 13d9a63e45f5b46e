# test_hipify_clang_options.sh: hipify-clang's options that are actions or accepted notes: --versions,
# --md/--csv with --doc-format and --doc-roc, --no-output, --no-backup alone, -v, --save-temps /
# --temp-dir, --perl/--python refused, --extra-arg(-before), --clang-resource-directory. Translation
# switches (--experimental, --amap, --use-hip-data-types) have lit tests in tests/lit/core.
. "$(dirname "$0")/lib.sh"

write_cuda a.cu

# --versions: spans from the tables, then exit 0 without inputs; with an input it translates as well.
run 0 "--versions" "$HIPIFY" --versions
has stdout '^CUDA Runtime API: [0-9]* names; CUDA [0-9.]* to 1[0-9]\.[0-9]*; HIP [0-9.]* to [0-9.]*$' "--versions: runtime line"
has stdout '^cuDNN: .*cuDNN [0-9.]* to [0-9.]*; .*MIOpen' "--versions: cuDNN versions and MIOpen"
run 0 "--versions with an input" "$HIPIFY" --versions a.cu
has stdout 'hipMalloc' "--versions with an input translates it"

# --md / --csv: one file per library into -O (or .), every table row of the family in full format.
run 0 "--md --csv" "$HIPIFY" --md --csv -O docs
exists docs/CUDA_Runtime_API_functions_supported_by_HIP.md "--md runtime"
exists docs/CUDA_Runtime_API_functions_supported_by_HIP.csv "--csv runtime"
exists docs/CUBLAS_API_supported_by_HIP.md "--md cuBLAS without ROC columns (default --doc-roc=skip)"
absent docs/CUBLAS_API_supported_by_HIP_and_ROC.md "--doc-roc=skip writes no joint file"
has docs/CUDA_Runtime_API_functions_supported_by_HIP.md '^|`cudaMalloc`| | | | |`hipMalloc`|[0-9.]*| | | | |$' "--md full row"
has docs/CUDA_Runtime_API_functions_supported_by_HIP.md '^|\*\*CUDA\*\*|\*\*A\*\*|\*\*D\*\*|\*\*C\*\*|\*\*R\*\*|\*\*HIP\*\*|' "--md full header"
has docs/CUDA_Runtime_API_functions_supported_by_HIP.csv '^cudaMalloc,,,,,hipMalloc,[0-9.]*,,,,$' "--csv full row"
has docs/CUDA_Runtime_API_functions_supported_by_HIP.md '^|`cudaDeviceFlushGPUDirectRDMAWrites`|11.3| | | | | | | | | |$' "--md: an unsupported name is listed in full format"
# every mapping row of the runtime family appears once (compare with --list-unsupported counts indirectly:
# the number of rows equals the number of runtime names that --versions reports)
rows=$(grep -c '^|`' docs/CUDA_Runtime_API_functions_supported_by_HIP.md)
names=$("$HIPIFY" --versions | sed -n 's/^CUDA Runtime API: \([0-9]*\) names.*/\1/p')
[ "$rows" -eq "$names" ] || fail "--md: $rows runtime rows, --versions counts $names names"

run 0 "--doc-format=compact" "$HIPIFY" --md --doc-format=compact -O compact
hasnt compact/CUDA_Runtime_API_functions_supported_by_HIP.md 'cudaDeviceFlushGPUDirectRDMAWrites' "compact drops unsupported rows"
has compact/CUDA_Runtime_API_functions_supported_by_HIP.md '^|`cudaMalloc`| |`hipMalloc`| | |$' "compact row: CUDA D, HIP, D, E"
run 0 "--doc-format strict" "$HIPIFY" --csv --doc-format strict -O strict
has strict/CUDA_Runtime_API_functions_supported_by_HIP.csv '^cudaDeviceFlushGPUDirectRDMAWrites,,,,$' "strict keeps unsupported rows"
has strict/CUDA_Runtime_API_functions_supported_by_HIP.csv '^CUDA,D,HIP,D,E$' "strict CSV header"

run 0 "--doc-roc=joint" "$HIPIFY" --md --doc-roc=joint -O joint
has joint/CUBLAS_API_supported_by_HIP_and_ROC.md '^|`cublasSgemm_v2`|.*|`hipblasSgemm`|.*|`rocblas_sgemm`|' "joint: HIP and ROC side by side"
has joint/CUDNN_API_supported_by_HIP_and_MIOPEN.md '\*\*MIOPEN\*\*' "joint: cuDNN with MIOpen"
absent joint/CUBLAS_API_supported_by_HIP.md "joint writes no HIP-only cuBLAS file"
run 0 "--doc-roc=separate" "$HIPIFY" --md --doc-roc=separate -O sep
exists sep/CUBLAS_API_supported_by_HIP.md "separate: HIP file"
has sep/CUBLAS_API_supported_by_ROC.md '^|`cublasSgemm_v2`|.*|`rocblas_sgemm`|' "separate: ROC file"

run 2 "--doc-format without --md/--csv" "$HIPIFY" --doc-format=full a.cu
has stderr 'doc-format needs --md or --csv' "--doc-format alone"
run 2 "--doc-roc bad value" "$HIPIFY" --md --doc-roc=both
run 2 "--doc-format bad value" "$HIPIFY" --md --doc-format=short

# --no-output: nothing written, not even to stdout; conflicts with -o and --inplace.
run 0 "--no-output" "$HIPIFY" --no-output a.cu
[ -s stdout ] && fail "--no-output wrote to stdout"
run 2 "--no-output -o" "$HIPIFY" --no-output -o x.cpp a.cu
absent x.cpp "--no-output -o writes nothing"
run 2 "--no-output --inplace" "$HIPIFY" --no-output --inplace a.cu

# -v: the semantic pass's arguments and a line per file, on stderr.
run 0 "-v" "$HIPIFY" -v --extra-arg=-DFROM_EXTRA --extra-arg-before=-DBEFORE --clang-resource-directory=/nonexistent/res a.cu
has stderr '^hipify-c: semantic pass arguments: .* -DBEFORE -DFROM_EXTRA -resource-dir /nonexistent/res$' "-v puts --extra-arg-before first, the rest in command-line order"
has stderr '^hipify-c: a.cu: [0-9]* edits' "-v: a line per file"
run 0 "--cuda-gpu-arch" "$HIPIFY" -v --cuda-gpu-arch=sm_70 a.cu
has stderr 'semantic pass arguments: .* --cuda-gpu-arch=sm_70' "--cuda-gpu-arch reaches the semantic pass"

# Options that change nothing here are accepted with a note, never silently.
for o in --save-temps --temp-dir=/tmp --no-undocumented-features --no-warnings-on-undocumented-features; do
  run 0 "$o" "$HIPIFY" "$o" a.cu
  has stderr "note: $(echo "$o" | sed 's/=.*//') changes nothing" "$o: note"
  has stdout 'hipMalloc' "$o: translation unchanged"
done

# --perl, --python and their directories: refused with one line, exit 2, nothing translated.
for o in --perl --python --o-hipify-perl-dir=pd --o-python-map-dir=pm; do
  run 2 "$o refused" "$HIPIFY" "$o" a.cu
  has stderr 'refused: hipify-c generates no hipify-' "$o: the reason"
  lines stderr 1 "$o: one line"
  [ -s stdout ] && fail "$o: translated despite the refusal"
done
finish
