# compat_derive.py: reads the HIP and CUDA headers and derives which hipDeviceProp_t field, hipDeviceAttribute_t
# and error code corresponds to which CUDA one; it renders C text from that, and never writes files itself.
"""Correspondences between HIP 5.2's API types and the CUDA toolkit's, derived from the headers.

The overlay (hipify_nvidia_compat.py) and the GPU parity test (runtime-shim/tests/compat) both use these
lists, so that what is patched and what is checked come from one derivation, and a newer CUDA with more
fields or codes is covered without editing a hand-written list.

Rules (each a fact about the two APIs, stated where it is applied):
  * error codes: HIP numbers hipError_t as the CUDA runtime numbers cudaError_t (and the driver CUresult),
    so codes correspond when their values are equal; a code with no equal on the other side has none.
  * properties: a hipDeviceProp_t field corresponds to the cudaDeviceProp field of the same name (or of
    PROP_RENAMES); when cudaDeviceProp lost the field (CUDA 13) but a device attribute of the same name
    remains, the attribute is the counterpart.
  * attributes: hipDeviceAttributeX corresponds to cudaDevAttrX (case-insensitive), else to
    cudaDevAttrXWidth (HIP's one-number form of a multi-dimension limit reads its first dimension), else
    to ATTR_RENAMES.
"""
import os
import re

# hipDeviceProp_t fields that cudaDeviceProp spells differently (same meaning, same unit).
PROP_RENAMES = {"maxSharedMemoryPerMultiProcessor": "sharedMemPerMultiprocessor"}
# Fields whose device attribute is not cudaDevAttr + the capitalised field name.
PROP_ATTR_RENAMES = {"kernelExecTimeoutEnabled": "cudaDevAttrKernelExecTimeout",
                     "memoryBusWidth": "cudaDevAttrGlobalMemoryBusWidth",
                     "maxSharedMemoryPerMultiProcessor": "cudaDevAttrMaxSharedMemoryPerMultiprocessor"}
# hipDeviceAttribute suffixes whose cudaDevAttr has another name (same meaning, same unit).
ATTR_RENAMES = {"MemoryBusWidth": "GlobalMemoryBusWidth", "DeviceOverlap": "GpuOverlap",
                "PersistingL2CacheMaxSize": "MaxPersistingL2CacheSize",
                "AccessPolicyMaxWindowSize": "MaxAccessPolicyWindowSize",
                "ReservedSharedMemPerBlock": "ReservedSharedMemoryPerBlock",
                "SharedMemPerBlockOptin": "MaxSharedMemoryPerBlockOptin",
                "SharedMemPerMultiprocessor": "MaxSharedMemoryPerMultiprocessor",
                "MaxTexture1DMipmap": "MaxTexture1DMipmappedWidth",
                "MaxTexture2DMipmap": "MaxTexture2DMipmappedWidth",
                "MaxTexture3DAlt": "MaxTexture3DWidthAlt"}

HIP_API = "hip/hip_runtime_api.h"
HIP_PROPS_WRAPPER = "hip/nvidia_detail/nvidia_hip_runtime_api.h"


class DeriveError(Exception):
    pass


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def braced_body(text, opener):
    """Text between the braces that follow the unique opener (a struct or enum head)."""
    if text.count(opener) != 1:
        raise DeriveError("'%s' found %d times (expected once)" % (opener, text.count(opener)))
    start = text.index("{", text.index(opener))
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start + 1:i]
    raise DeriveError("unbalanced braces after '%s'" % opener)


def parse_enum(text, opener):
    """[(name, value)] in declaration order; values may refer to earlier names; #-lines are ignored."""
    body = strip_comments(braced_body(text, opener))
    body = "\n".join(line for line in body.splitlines() if not line.strip().startswith("#"))
    values, order, following = {}, [], 0
    for item in body.split(","):
        item = " ".join(item.split())
        if not item:
            continue
        m = re.match(r"^(\w+)(?: = (.+))?$", item)
        if not m:
            raise DeriveError("cannot read enumerator '%s' of %s" % (item, opener))
        name, expr = m.groups()
        if expr is not None:
            expr = re.sub(r"\b[A-Za-z_]\w*\b", lambda w: str(values[w.group(0)]) if w.group(0) in values else w.group(0),
                          expr)
            if not re.match(r"^[0-9xXa-fA-F+\-*() ]+$", expr):
                raise DeriveError("cannot evaluate enumerator '%s' of %s" % (item, opener))
            following = int(eval(expr, {"__builtins__": {}}))  # only digits and + - * ( ) reach here
        values[name] = following
        order.append((name, following))
        following += 1
    return order


def parse_struct(text, opener):
    """[(name, type, dims)] of the members; dims is a tuple of array extents."""
    body = strip_comments(braced_body(text, opener))
    fields = []
    for decl in body.split(";"):
        decl = " ".join(decl.split())
        if not decl or decl.startswith("#"):
            continue
        m = re.match(r"^(.+?[\s*])(\w+)((?:\s*\[\s*\d+\s*\])*)$", decl)
        if not m:
            raise DeriveError("cannot read member '%s' of %s" % (decl, opener))
        dims = tuple(int(d) for d in re.findall(r"\[\s*(\d+)\s*\]", m.group(3)))
        fields.append((m.group(2), m.group(1).strip(), dims))
    return fields


def read(path):
    with open(path, "r", encoding="utf-8") as f:
        return f.read()


def find_cuda_include(explicit=None, nvcc=None):
    """The CUDA include dir: explicit, else next to nvcc, else $CUDA_PATH, else /usr/local/cuda; None if absent."""
    candidates = [explicit] if explicit else []
    if nvcc:
        candidates.append(os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), "include"))
    if os.environ.get("CUDA_PATH"):
        candidates.append(os.path.join(os.environ["CUDA_PATH"], "include"))
    candidates.append("/usr/local/cuda/include")
    for c in candidates:
        if c and os.path.isfile(os.path.join(c, "cuda_runtime_api.h")):
            return c
    if explicit:
        raise DeriveError("no cuda_runtime_api.h under %s" % explicit)
    return None


class Derivation:
    """Every correspondence, plus what has none, for one HIP include dir and one CUDA include dir."""

    def __init__(self, hip_include, cuda_include):
        hip = read(os.path.join(hip_include, HIP_API))
        drv_types = read(os.path.join(cuda_include, "driver_types.h"))
        cuda_h = read(os.path.join(cuda_include, "cuda.h"))
        m = re.search(r"#define\s+CUDART_VERSION\s+(\d+)", read(os.path.join(cuda_include, "cuda_runtime_api.h")))
        if not m:
            raise DeriveError("CUDART_VERSION not found under %s" % cuda_include)
        self.cudart_version = int(m.group(1))
        self.cuda_include = cuda_include
        self.wrapper_text = read(os.path.join(hip_include, HIP_PROPS_WRAPPER))
        self.hip_errors = parse_enum(hip, "typedef enum __HIP_NODISCARD hipError_t")
        self.cuda_errors = parse_enum(drv_types, "enum __device_builtin__ cudaError\n")
        self.cu_results = parse_enum(cuda_h, "typedef enum cudaError_enum")
        self.hip_attrs = [(n, v) for n, v in parse_enum(hip, "typedef enum hipDeviceAttribute_t")
                          if not n.endswith(("Begin", "End"))]
        self.cuda_attrs = parse_enum(drv_types, "enum __device_builtin__ cudaDeviceAttr\n")
        self.hip_props = parse_struct(hip, "typedef struct hipDeviceProp_t")
        self.cuda_props = parse_struct(drv_types, "struct __device_builtin__ cudaDeviceProp\n")
        self._derive()

    def _derive(self):
        # Errors: one name per value on each side (the first declared; later ones are aliases).
        def by_value(pairs):
            first = {}
            for name, value in pairs:
                first.setdefault(value, name)
            return first
        hip_v, cuda_v, cu_v = by_value(self.hip_errors), by_value(self.cuda_errors), by_value(self.cu_results)
        self.error_pairs = [(hip_v[v], cuda_v[v]) for v in sorted(hip_v) if v in cuda_v]
        self.hip_only_errors = [hip_v[v] for v in sorted(hip_v) if v not in cuda_v]
        self.cuda_only_errors = [cuda_v[v] for v in sorted(cuda_v) if v not in hip_v]
        self.cu_pairs = [(cu_v[v], hip_v[v]) for v in sorted(cu_v) if v in hip_v]
        self.cu_only = [cu_v[v] for v in sorted(cu_v) if v not in hip_v]

        cuda_attr_names = {n.lower(): n for n, _ in self.cuda_attrs}
        seen_values = set()
        self.attr_pairs, self.hip_only_attrs = [], []
        for name, value in self.hip_attrs:
            if value in seen_values:
                continue  # an alias of an earlier enumerator (hipDeviceAttributeCudaCompatibleBegin)
            seen_values.add(value)
            target = self.attr_for(name[len("hipDeviceAttribute"):], cuda_attr_names)
            if target:
                self.attr_pairs.append((name, target))
            else:
                self.hip_only_attrs.append(name)

        cuda_fields = {n: (t, d) for n, t, d in self.cuda_props}
        self.prop_pairs, self.prop_attrs, self.hip_only_props = [], [], []
        for name, ftype, dims in self.hip_props:
            other = PROP_RENAMES.get(name, name)
            if other in cuda_fields and cuda_fields[other][1] == dims:
                self.prop_pairs.append((name, other, dims, ftype))
                continue
            attr = PROP_ATTR_RENAMES.get(name) or self.attr_for(name[0].upper() + name[1:], cuda_attr_names)
            if attr and not dims:
                self.prop_attrs.append((name, attr))
            else:
                self.hip_only_props.append(name)

    @staticmethod
    def attr_for(suffix, cuda_attr_names):
        suffix = ATTR_RENAMES.get(suffix, suffix)
        for candidate in ("cudaDevAttr" + suffix, "cudaDevAttr" + suffix + "Width"):
            if candidate.lower() in cuda_attr_names:
                return cuda_attr_names[candidate.lower()]
        return None

    # --- what HIP 5.2's own wrappers already do (so the overlay adds only the rest) ---
    def wrapper_function(self, head):
        text = self.wrapper_text
        if text.count(head) != 1:
            raise DeriveError("'%s' found %d times in %s" % (head, text.count(head), HIP_PROPS_WRAPPER))
        start = text.index(head)
        return text[start:text.index("\n}\n", start)]

    def props_set_by_hip(self):
        body = self.wrapper_function("inline static hipError_t hipGetDeviceProperties(hipDeviceProp_t* p_prop, int device) {")
        return set(re.findall(r"p_prop->(\w+)", body))

    def attrs_mapped_by_hip(self):
        body = self.wrapper_function("inline static hipError_t hipDeviceGetAttribute(int* pi, hipDeviceAttribute_t attr, int device) {")
        return set(re.findall(r"case (hipDeviceAttribute\w+):", body))

    # --- C text for the overlay ---
    def render_props_fill(self):
        """Assignments for the fields HIP 5.2 leaves unset although CUDA has them."""
        done = self.props_set_by_hip()
        lines = ["    // hipify-c overlay: fields HIP 5.2 does not copy although cudaDeviceProp (or, for fields",
                 "    // CUDA %d.%d removed, a device attribute) has them; derived from both headers." % (
                     self.cudart_version // 1000, self.cudart_version % 1000 // 10)]
        for hip_name, cuda_name, dims, _hip_type in self.prop_pairs:
            if hip_name in done:
                continue
            if not dims:
                lines.append("    p_prop->%s = cdprop.%s;" % (hip_name, cuda_name))
            else:  # same extents on both sides (checked when deriving)
                lines.append("    memcpy(p_prop->%s, cdprop.%s, sizeof(p_prop->%s));" % (hip_name, cuda_name, hip_name))
        for hip_name, attr in self.prop_attrs:
            if hip_name in done:
                continue
            lines.append("    if (cerror == cudaSuccess) cerror = cudaDeviceGetAttribute(&p_prop->%s, %s, device);"
                         % (hip_name, attr))
        return "\n".join(lines) + "\n"

    def render_attr_helper(self):
        done = self.attrs_mapped_by_hip()
        lines = ["// hipify-c overlay: the hipDeviceAttribute_t values HIP 5.2's switch below does not map although",
                 "// CUDA has the attribute; derived from both headers. Returns 0 when there is no counterpart.",
                 "static inline int hipifyCompatDeviceAttr(hipDeviceAttribute_t attr, enum cudaDeviceAttr* out) {",
                 "    switch (attr) {"]
        for hip_name, cuda_name in self.attr_pairs:
            if hip_name not in done:
                lines.append("        case %s: *out = %s; return 1;" % (hip_name, cuda_name))
        lines += ["        default: return 0;", "    }", "}", ""]
        return "\n".join(lines) + "\n"

    def render_error_functions(self):
        """The three translation functions, one case per code pair, so that every pair round-trips."""
        out = ["// hipify-c overlay: generated from hipError_t, cudaError_t and CUresult (pairs = equal values).",
               "inline static hipError_t hipCUDAErrorTohipError(cudaError_t cuError) {", "    switch (cuError) {"]
        out += ["        case %s: return %s;" % (c, h) for h, c in self.error_pairs]
        out += ["        default: return hipErrorUnknown; // no HIP counterpart", "    }", "}", "",
                "inline static hipError_t hipCUResultTohipError(CUresult cuError) {", "    switch (cuError) {"]
        out += ["        case %s: return %s;" % (c, h) for c, h in self.cu_pairs]
        out += ["        default: return hipErrorUnknown; // no HIP counterpart", "    }", "}", "",
                "inline static cudaError_t hipErrorToCudaError(hipError_t hError) {", "    switch (hError) {"]
        out += ["        case %s: return %s;" % (h, c) for h, c in self.error_pairs]
        out += ["        default: return cudaErrorUnknown; // no CUDA counterpart", "    }", "}", "", ""]
        return "\n".join(out)

    # --- the table header of the GPU parity test ---
    def render_test_tables(self):
        def listing(macro, rows):
            body = "".join(" \\\n    X(%s)" % ", ".join(r) for r in rows)
            return "#define %s(X)%s\n" % (macro, body)
        parts = ["// Generated by hipify_nvidia_compat.py --emit-tables from %s and %s; do not edit." % (
                     HIP_API, self.cuda_include),
                 "// Every list is an X-macro: X(hip name, CUDA name[, extent]).",
                 "#define HIPIFY_TABLES_CUDART_VERSION %d" % self.cudart_version,
                 listing("HIPIFY_PROP_SCALARS", [(h, c) for h, c, d, _ in self.prop_pairs if not d]),
                 listing("HIPIFY_PROP_ARRAYS", [(h, c, str(d[0])) for h, c, d, t in self.prop_pairs
                                                if len(d) == 1 and "char" not in t]),
                 listing("HIPIFY_PROP_STRINGS", [(h, c) for h, c, d, t in self.prop_pairs if len(d) == 1 and "char" in t]),
                 listing("HIPIFY_PROP_ATTRS", self.prop_attrs),
                 listing("HIPIFY_PROP_HIP_ONLY", [(h,) for h in self.hip_only_props]),
                 listing("HIPIFY_ATTR_PAIRS", self.attr_pairs),
                 listing("HIPIFY_ATTR_HIP_ONLY", [(h,) for h in self.hip_only_attrs]),
                 listing("HIPIFY_ERROR_PAIRS", self.error_pairs),
                 listing("HIPIFY_ERROR_HIP_ONLY", [(h,) for h in self.hip_only_errors]),
                 listing("HIPIFY_ERROR_CUDA_ONLY", [(c,) for c in self.cuda_only_errors]),
                 listing("HIPIFY_CU_PAIRS", self.cu_pairs),
                 listing("HIPIFY_CU_ONLY", [(c,) for c in self.cu_only])]
        return "\n".join(parts)

    def summary(self):
        return ("CUDA %d: props %d same-name + %d via attribute (%d HIP-only); attributes %d paired (%d HIP-only); "
                "errors %d paired (%d HIP-only, %d CUDA-only); CUresult %d paired (%d driver-only)" % (
                    self.cudart_version, len(self.prop_pairs), len(self.prop_attrs), len(self.hip_only_props),
                    len(self.attr_pairs), len(self.hip_only_attrs), len(self.error_pairs), len(self.hip_only_errors),
                    len(self.cuda_only_errors), len(self.cu_pairs), len(self.cu_only)))
