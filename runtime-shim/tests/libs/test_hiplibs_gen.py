#!/usr/bin/env python3
# test_hiplibs_gen.py: unit tests of the library layer's header reader (cuda_decls.py) and wrapper writer
# (hiplibs_gen.py) on synthetic preprocessor output; needs no CUDA, no HIP and no compiler.
import os
import sys
import unittest

sys.path.insert(0, sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..',
                                                                           'nvidia-libs'))
import cub_names  # noqa: E402
import cuda_decls  # noqa: E402
import hiplibs_gen  # noqa: E402

HEADER = '''# 1 "/cuda/include/fake.h"
#define FAKE_VERSION 3
#define fakeGemm fakeGemm_v2
#define FAKE_MACRO(x) ((x) + 1)
extern "C" {
typedef enum {
    FAKE_STATUS_SUCCESS = 0,
    FAKE_STATUS_BAD = 3,
    FAKE_STATUS_WORSE,
    FAKE_STATUS_INTERNAL_ERROR = 0x10
} fakeStatus_t;
typedef enum fakeOp { FAKE_OP_N = 0, FAKE_OP_T = 1, FAKE_OP_C = 2, FAKE_OP_HERMITIAN = FAKE_OP_C } fakeOp_t;
typedef enum { FAKE_OLD = 0 } fakeOld_t [[deprecated("gone soon")]];
struct fakeContext;
typedef struct fakeContext *fakeHandle_t;
typedef unsigned int fakeVectors32_t[32];
typedef void (*fakeCallback_t)(int value, void *user);
fakeStatus_t __attribute__((visibility("default"))) fakeCreate(fakeHandle_t *handle);
fakeStatus_t fakeGemm_v2(fakeHandle_t handle, fakeOp_t transa, int m, const float *alpha, float *C);
fakeStatus_t fakeGetOp(fakeHandle_t handle, fakeOp_t *op);
fakeStatus_t fakeArrays(fakeHandle_t handle, const fakeOp_t *ops, int count);
static inline int fakeInline(int a) { return a + 1; }
}
'''


class ReaderTest(unittest.TestCase):
    def setUp(self):
        self.d = cuda_decls.parse(HEADER)

    def test_enums_values_and_aliases(self):
        self.assertEqual(self.d.enum_of_type('fakeStatus_t'), self.d.enum_of_type('fakeStatus_t'))
        eid = self.d.enum_of_type('fakeOp_t')
        self.assertEqual(self.d.enum_of_type('fakeOp'), eid)
        self.assertEqual(self.d.enum_members[eid], ['FAKE_OP_N', 'FAKE_OP_T', 'FAKE_OP_C', 'FAKE_OP_HERMITIAN'])
        self.assertEqual(self.d.values['FAKE_OP_HERMITIAN'], 2)
        self.assertEqual(self.d.values['FAKE_STATUS_WORSE'], 4)
        self.assertEqual(self.d.values['FAKE_STATUS_INTERNAL_ERROR'], 16)

    def test_attribute_after_typedef_name(self):
        self.assertIsNotNone(self.d.enum_of_type('fakeOld_t'))

    def test_functions_and_define_alias(self):
        name, proto = self.d.resolve_function('fakeGemm')
        self.assertEqual(name, 'fakeGemm_v2')
        self.assertEqual(proto[0], 'fakeStatus_t')
        self.assertEqual(len(proto[1]), 5)
        self.assertIn('fakeCreate', self.d.functions)
        self.assertIn('fakeInline', self.d.definitions)
        self.assertIn('FAKE_MACRO', self.d.function_macros)
        self.assertEqual(self.d.defines['FAKE_VERSION'], '3')

    def test_typedefs_and_tags(self):
        self.assertIn('fakeContext', self.d.struct_tags)
        self.assertIn('fakeHandle_t', self.d.typedefs)
        self.assertIn('fakeVectors32_t', self.d.typedefs)
        self.assertIn('fakeCallback_t', self.d.typedefs)


class WrapperTest(unittest.TestCase):
    def setUp(self):
        self.d = cuda_decls.parse(HEADER)
        type_map = {'fakeStatus_t': 'hipfakeStatus_t', 'fakeOp_t': 'hipfakeOp_t', 'fakeHandle_t': 'hipfakeHandle_t'}
        self.layer = hiplibs_gen.Layer('hip', type_map, set())
        for cuda, hip in (('fakeStatus_t', 'hipfakeStatus_t'), ('fakeOp_t', 'hipfakeOp_t')):
            eid = self.d.enum_of_type(cuda)
            self.layer.enum_target[eid] = hip
            self.layer.cuda_enum_type[eid] = cuda
        self.layer.status_success[self.d.enum_of_type('fakeStatus_t')] = 'FAKE_STATUS_SUCCESS'
        self.layer.defined_or_external = {'hipfakeHandle_t', 'hipfakeStatus_t', 'hipfakeOp_t'}

    def wrap(self, target, cuda, extras=None):
        name, proto = self.d.resolve_function(cuda)
        return hiplibs_gen.wrapper(target, cuda, proto, self.layer, self.d, extras or {})

    def test_enum_argument_and_status_convert_by_name(self):
        code, why = self.wrap('hipfakeGemm', 'fakeGemm')
        self.assertIsNone(why)
        self.assertIn('static inline hipfakeStatus_t hipfakeGemm(hipfakeHandle_t a0, hipfakeOp_t a1, int a2, '
                      'const float * a3, float * a4)', code)
        self.assertIn('hipify_hipfakeStatus_t_from_cuda(fakeGemm(a0, hipify_hipfakeOp_t_to_cuda(a1), a2, a3, a4))',
                      code)

    def test_enum_written_through_a_pointer_converts_back_on_success(self):
        code, why = self.wrap('hipfakeGetOp', 'fakeGetOp')
        self.assertIsNone(why)
        self.assertIn('fakeOp_t hipify_out1 = (fakeOp_t)0;', code)  # C has no {} initialiser
        self.assertIn('if (a1 && hipify_r == FAKE_STATUS_SUCCESS) *a1 = hipify_hipfakeOp_t_from_cuda(hipify_out1);',
                      code)

    def test_array_of_enums_is_refused_with_a_reason(self):
        code, why = self.wrap('hipfakeArrays', 'fakeArrays')
        self.assertIsNone(code)
        self.assertIn('array of enums', why)

    def test_inserted_null_argument_is_taken(self):
        code, why = self.wrap('hipfakeGemm', 'fakeGemm', {'hipfakeGemm': [(5, 'nullptr')]})
        self.assertIsNone(why)
        self.assertIn('float * a4, void *hipify_unused5)', code)

    def test_enum_block_switches_skip_duplicate_values(self):
        eid = self.d.enum_of_type('fakeOp_t')
        self.layer.enum_names[eid] = ['hipfakeOp_t']
        self.layer.enum_members[eid] = [('HIPFAKE_OP_N', 'FAKE_OP_N'), ('HIPFAKE_OP_C', 'FAKE_OP_C')]
        self.layer.enum_extra[eid] = [('HIPFAKE_OP_C', 'FAKE_OP_HERMITIAN')]
        text = hiplibs_gen.enum_block(self.layer, eid, self.d.values)
        self.assertIn('HIPFAKE_OP_C = FAKE_OP_C', text)
        self.assertIn('case FAKE_OP_C: return HIPFAKE_OP_C;', text)
        self.assertNotIn('case FAKE_OP_HERMITIAN', text)  # the same value as FAKE_OP_C: one case only

    def test_enum_tag_that_is_a_target_name_is_a_c_type_too(self):
        eid = self.d.enum_of_type('fakeOp_t')
        self.layer.enum_names[eid] = ['hipfakeOp', 'hipfakeOp_t']
        self.layer.enum_members[eid] = [('HIPFAKE_OP_N', 'FAKE_OP_N')]
        text = hiplibs_gen.enum_block(self.layer, eid, self.d.values)
        self.assertIn('typedef enum hipfakeOp {', text)
        self.assertIn('} hipfakeOp_t;', text)
        self.assertIn('typedef enum hipfakeOp hipfakeOp;', text)  # C: 'hipfakeOp x;' needs this typedef

    def test_wrapper_of_a_cxx_only_type_is_for_cxx_only(self):
        self.assertTrue(hiplibs_gen.CXX_ONLY_TYPES.search('const __half * a6'))
        self.assertTrue(hiplibs_gen.CXX_ONLY_TYPES.search('__nv_bfloat162 a1'))
        self.assertFalse(hiplibs_gen.CXX_ONLY_TYPES.search('__half_raw a1, my__half b'))

    def test_status_fallback_names_the_internal_error(self):
        members = [('HIPFAKE_STATUS_SUCCESS', 'FAKE_STATUS_SUCCESS'),
                   ('HIPFAKE_STATUS_INTERNAL_ERROR', 'FAKE_STATUS_INTERNAL_ERROR')]
        self.assertEqual(hiplibs_gen.fallback_enumerator(members), 'HIPFAKE_STATUS_INTERNAL_ERROR')
        self.assertIsNone(hiplibs_gen.fallback_enumerator([('HIPFAKE_OP_N', 'FAKE_OP_N')]))


# Preprocessed C++ in the shapes CUB's headers take: an inline namespace per release, templates whose default
# arguments hold '>' and braces, declarations of other namespaces and members of structs that are not cub's names.
CUB_TEXT = """# 1 "/cuda/include/cub/fake.cuh"
namespace other { struct NotCub {}; int not_cub(); }
namespace cub { inline namespace CUB_300001_SM_750 {
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS = (1 > 0) ? 1 : 0 };
enum class SortOrder : int { Ascending, Descending };
template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int N = (sizeof(T) > 4) ? 1 : 2>
class BlockReduce {
  struct TempStorage {};
  int Member(int a) { return a; }
};
template <> class BlockReduce<void, 1> { int x; };
struct DeviceReduce {
  template <typename I> static __attribute__((host)) int Sum(void *t, I i) { return 0; }
};
__attribute__((host)) inline int SmVersionUncached(int &v, int device = CurrentDevice()) { return 0; }
__attribute__((host)) inline int SmVersion(int &v) { { v = 1; } ; return 0; }
template <typename T> __attribute__((device)) T ThreadLoad(T *p);
template <class T> int BlockReduce<T, 2>::Outside() { return 0; }
constexpr int MAX_VEC_ELEMENTS = 4;
template <typename T> using Traits = NumericTraits<T>;
typedef int (*Callback)(int);
typedef unsigned int WordArray[4];
struct NullType {};
template <typename K, typename V> struct KeyValuePair { K key; V value; } ;
template <typename T> __attribute__((host)) __attribute__((device)) bool operator==(NullType, T) { return true; }
static_assert(sizeof(int) == 4, "int");
extern template class BlockReduce<int, 32>;
namespace detail { struct Hidden {}; int helper(); }
extern "C" { int cubCFunction(void); }
namespace { int unnamed_ns_value; }
}}
namespace cub::detail { struct AlsoHidden {}; }
namespace cub { inline namespace CUB_300001_SM_750 { using ::other::NotCub; } }
"""


class CubNamesTest(unittest.TestCase):
    def setUp(self):
        self.names = cub_names.scan(cub_names.tokens(CUB_TEXT), 'cub')

    def test_names_of_the_namespace(self):
        expected = {'BlockReduceAlgorithm': 'enum', 'BLOCK_REDUCE_RAKING': 'enumerator',
                    'BLOCK_REDUCE_WARP_REDUCTIONS': 'enumerator', 'SortOrder': 'enum', 'BlockReduce': 'class',
                    'DeviceReduce': 'class', 'SmVersionUncached': 'function', 'SmVersion': 'function',
                    'ThreadLoad': 'function', 'MAX_VEC_ELEMENTS': 'variable', 'Traits': 'alias',
                    'Callback': 'typedef', 'WordArray': 'typedef', 'NullType': 'class', 'KeyValuePair': 'class',
                    'operator==': 'function', 'detail': 'namespace', 'cubCFunction': 'function', 'NotCub': 'using'}
        self.assertEqual(self.names, expected)

    def test_what_is_not_a_name_of_the_namespace(self):
        # A scoped enum's enumerators, members, out-of-class member definitions, other namespaces' names.
        for name in ('Ascending', 'TempStorage', 'Member', 'Sum', 'Outside', 'not_cub', 'Hidden', 'helper',
                     'AlsoHidden', 'unnamed_ns_value', 'key', 'value'):
            self.assertNotIn(name, self.names)

    def test_namespace_block(self):
        lines, summary = hiplibs_gen.namespace_block('hipcub', 'cub', self.names, {'DeviceReduce'})
        text = '\n'.join(lines)
        self.assertIn('using ::cub::BlockReduce;', text)
        self.assertIn('using ::cub::BLOCK_REDUCE_WARP_REDUCTIONS;', text)
        self.assertIn('using ::cub::operator==;', text)
        self.assertIn('namespace detail = ::cub::detail;', text)
        # The layer's own struct is not declared a second time, and nothing opens cub wholesale.
        self.assertNotIn('::cub::DeviceReduce;', text)
        self.assertNotIn('using namespace', text)
        self.assertEqual(summary, '17 using-declarations, 1 namespace aliases, 1 structs of its own')


if __name__ == '__main__':
    unittest.main()
