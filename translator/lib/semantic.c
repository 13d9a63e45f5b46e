/* semantic.c: the libclang pass. It parses a file (by default alone, with the project-owned CUDA
 * declarations prepended), marks identifiers that name user entities (vetoing their rename), marks
 * tokens in excluded #if branches, marks call arguments that already have the type a cast-unless (or
 * shim-unless) row wants, and reports the first real parse error. It never proposes edits. */
#include "semantic.h"
#include "argrewrite.h"
#include "code.h"
#include "grow.h"
#include "macro_growth.h"
#include "util.h"

#include <clang-c/Index.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct veto_ctx {
    hc_unit *u;
    uint32_t prefix; /* bytes of declarations prepended to the buffer (single-file mode) */
    CXFile main_file;
    struct global_decl { const char *s; uint32_t len; size_t tok; } *globals; /* see veto_global_uses */
    size_t nglobals, capglobals;
    struct local_decl { size_t tok; bool param; } *locals; /* see veto_local_uses */
    size_t nlocals, caplocals;
    bool oom;
} veto_ctx;

/* Offset of a location in the main file's original text, or UINT32_MAX when elsewhere. */
static uint32_t main_offset(const veto_ctx *v, CXSourceLocation loc) {
    CXFile f;
    unsigned off;
    clang_getSpellingLocation(loc, &f, NULL, NULL, &off);
    if (!f || !clang_File_isEqual(f, v->main_file) || off < v->prefix) return UINT32_MAX;
    return off - v->prefix;
}

/* Vetoes the identifier at off when it is a CUDA name; returns its token index, or SIZE_MAX. */
static size_t veto_token(veto_ctx *v, uint32_t off) {
    size_t i = hc_tok_at(&v->u->toks, off);
    if (i == SIZE_MAX || !hc_code_kind(v->u, i, HC_TOK_IDENT)) return SIZE_MAX;
    const hc_token *t = hc_code_tok(v->u, i);
    const hc_mapping *m = hc_mapping_find(v->u->text + t->off, t->len);
    if (!m) return SIZE_MAX;
    /* #define __CUDACC__ imitates the compiler: the name stays CUDA's, renamed as everywhere */
    if (hc_is_cuda_macro(v->u->text + t->off, t->len)) return SIZE_MAX;
    /* Caffe2's GPU names (CUDAContext, REGISTER_CUDA_OPERATOR) are defined by Caffe2's own headers: a file
     * defining one is such a header (or imitates one), and renaming the definition with its uses, as
     * hipify-clang does, keeps it consistent with every other port of Caffe2 code */
    if (m->family == HC_FAM_CAFFE2) return SIZE_MAX;
    v->u->toks.v[i].flags |= HC_TOKF_VETO;
    return i;
}

static int compare_global(const void *a, const void *b) {
    const struct global_decl *x = a, *y = b;
    int c = memcmp(x->s, y->s, x->len < y->len ? x->len : y->len);
    if (c || x->len != y->len) return c ? c : x->len < y->len ? -1 : 1;
    return x->tok < y->tok ? -1 : x->tok > y->tok;
}

/* A file-level declaration of a CUDA name (a function, type or variable of the user's, not in a
 * namespace or class) replaces the CUDA entity in this file. libclang may still resolve later uses to
 * the prepended declarations: a definition that conflicts with them (another linkage, a redefined
 * struct) is not linked as their redeclaration. So every later unqualified use of that spelling is
 * the user's too. One pass over the tokens, with the declarations sorted by spelling. */
static void veto_global_uses(veto_ctx *v) {
    hc_unit *u = v->u;
    if (!v->nglobals) return;
    qsort(v->globals, v->nglobals, sizeof *v->globals, compare_global);
    for (size_t i = 0; i < u->toks.n; i++) {
        hc_token *k = &u->toks.v[i]; /* written: the veto flag */
        if (k->kind != HC_TOK_IDENT || (k->flags & HC_TOKF_VETO) || !hc_mapping_find(u->text + k->off, k->len)) continue;
        size_t p = hc_code_prev(u, i);
        if (p != SIZE_MAX && (hc_code_is(u, p, ".") || hc_code_is(u, p, "->"))) continue;
        struct global_decl key = {u->text + k->off, k->len, 0};
        size_t lo = 0, hi = v->nglobals; /* the first declaration of this spelling */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (compare_global(&v->globals[mid], &key) < 0) lo = mid + 1;
            else hi = mid;
        }
        const struct global_decl *g = lo < v->nglobals ? &v->globals[lo] : NULL;
        if (g && g->len == k->len && !memcmp(g->s, key.s, k->len) && g->tok < i) k->flags |= HC_TOKF_VETO;
    }
}

/* A local declaration of a CUDA name (cublasStatus_t cublasStatus;, a parameter) hides the CUDA entity
 * from that point to the end of its scope. The parse does not always see the uses: an expression it
 * could not type (a call of a macro from a header single-file mode skips, a library type the
 * declarations lack) is dropped from the tree with the references in it. So every later use of that
 * spelling up to the end of the enclosing block (for a parameter: the end of the function's body, or of
 * a declaration without one), not written as a member (.x ->x) or qualified (ns::x), is the user's too.
 * Directive lines neither open nor close blocks. */
static void veto_local_uses(veto_ctx *v) {
    hc_unit *u = v->u;
    for (size_t d = 0; d < v->nlocals; d++) {
        size_t decl = v->locals[d].tok, depth = 0;
        bool param = v->locals[d].param;
        for (size_t i = hc_code_next(u, decl); hc_code_valid(u, i); i = hc_code_next(u, i)) {
            if (hc_code_in_directive(u, i)) continue;
            if (hc_code_punct(u, i, "{")) depth++;
            else if (hc_code_punct(u, i, "}") && (depth == 0 || (--depth == 0 && param))) break;
            else if (param && depth == 0 && hc_code_punct(u, i, ";")) break; /* a prototype's parameter */
            if (!hc_code_same(u, decl, i)) continue;
            size_t p = hc_code_prev(u, i);
            if (hc_code_is(u, p, ".") || hc_code_is(u, p, "->") || hc_code_is(u, p, "::")) continue;
            u->toks.v[i].flags |= HC_TOKF_VETO;
        }
    }
}

static enum CXChildVisitResult first_child(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    *(CXCursor *)data = c;
    return CXChildVisit_Break;
}

/* True when two strings are equal once spaces are ignored ("void **" and "void**"). */
static bool same_type_text(const char *a, const char *b) {
    for (;; a++, b++) {
        while (*a == ' ') a++;
        while (*b == ' ') b++;
        if (*a != *b) return false;
        if (!*a) return true;
    }
}

/* Offset in the main file of a location written there directly, or UINT32_MAX when it is elsewhere or
 * comes from a macro: a macro's body is one text for every expansion, so what one expansion's types
 * say does not hold for the text. */
static uint32_t direct_offset(const veto_ctx *v, CXSourceLocation loc) {
    CXFile ef;
    unsigned eoff;
    clang_getExpansionLocation(loc, &ef, NULL, NULL, &eoff);
    uint32_t off = main_offset(v, loc);
    return off != UINT32_MAX && ef && clang_File_isEqual(ef, v->main_file) && eoff == off + v->prefix ? off : UINT32_MAX;
}

/* A call with a cast-unless row (arguments.tsv): marks the argument's first token HC_TOKF_TYPED when its
 * type, before any implicit conversion, is already the row's type, so the argument pass leaves it. */
static void mark_typed_arguments(veto_ctx *v, CXCursor call) {
    CXString name = clang_getCursorSpelling(call);
    const char *s = clang_getCString(name);
    size_t nrw = 0;
    const hc_arg_rewrite *rws = s ? hc_arg_rewrites_find(s, strlen(s), &nrw) : NULL;
    clang_disposeString(name);
    int nargs = clang_Cursor_getNumArguments(call);
    for (size_t k = 0; k < nrw && nargs >= 0; k++) {
        const hc_arg_rewrite *rw = &rws[k];
        if ((rw->action != HC_ARGACT_CAST_UNLESS && rw->action != HC_ARGACT_QUALIFY_UNLESS &&
             rw->action != HC_ARGACT_WARN_UNLESS && rw->action != HC_ARGACT_SHIM_UNLESS) ||
            rw->arg_index >= (unsigned)nargs)
            continue;
        if (rw->nargs >= 0 && rw->nargs != nargs) continue;
        CXCursor arg = clang_Cursor_getArgument(call, rw->arg_index), inner = arg;
        /* implicit conversions (int ** to void ** in C) are unexposed expressions around the argument */
        for (int depth = 0; depth < 8 && clang_getCursorKind(inner) == CXCursor_UnexposedExpr; depth++) {
            CXCursor child = clang_getNullCursor();
            clang_visitChildren(inner, first_child, &child);
            if (clang_Cursor_isNull(child) || !clang_isExpression(clang_getCursorKind(child))) break;
            inner = child;
        }
        CXType t = clang_getCanonicalType(clang_getCursorType(inner));
        if (t.kind == CXType_Invalid || t.kind == CXType_Dependent || t.kind == CXType_Unexposed) continue;
        /* an array decays to a pointer to its element, which needs no cast (const char *opts[] where
         * const char ** is wanted); a typed pointer does not convert (int ** to void **) */
        bool array = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
                     t.kind == CXType_VariableArray;
        CXString ts = clang_getTypeSpelling(array ? clang_getCanonicalType(clang_getArrayElementType(t)) : t);
        char spelled[512];
        snprintf(spelled, sizeof spelled, "%s%s", clang_getCString(ts), array ? "*" : "");
        bool same = same_type_text(spelled, rw->text);
        clang_disposeString(ts);
        uint32_t off = direct_offset(v, clang_getRangeStart(clang_getCursorExtent(arg)));
        size_t i = off != UINT32_MAX ? hc_tok_at(&v->u->toks, off) : SIZE_MAX;
        if (i != SIZE_MAX && hc_code_tok(v->u, i)->off == off) v->u->toks.v[i].flags |= same ? HC_TOKF_TYPED : HC_TOKF_MISTYPED;
    }
}

/* True for a CUDA vector type's name (char4, ulonglong2, float1...): a base word and a width 1 to 4. */
bool hc_is_vector_type_name(const char *s, size_t n) {
    static const char *const bases[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                                        "longlong", "ulonglong", "float", "double"};
    if (n < 4 || s[n - 1] < '1' || s[n - 1] > '4') return false;
    for (size_t i = 0; i < COUNT_OF(bases); i++)
        if (strlen(bases[i]) == n - 1 && memcmp(bases[i], s, n - 1) == 0) return true;
    return false;
}

/* A member x, y, z or w whose object is of a type the unportable pass rewrites accesses of, marked on the
 * member token. h.x or h.y on an object whose type is spelled half2: HIP's half2 members are not CUDA's
 * halves, and hipify-clang writes reinterpret_cast<half&>(h.x) (HC_TOKF_HALF2_MEMBER). v.x on a CUDA
 * vector type (char4): HIP's components are accessor objects, whose address converts only to a pointer to
 * the component's own type (HC_TOKF_VECTOR_MEMBER). Only a direct spelling in the main file counts (a macro
 * body is one text for every expansion). */
static void mark_member(veto_ctx *v, CXCursor member) {
    CXString name = clang_getCursorSpelling(member);
    const char *n = clang_getCString(name);
    bool xy = n && (strcmp(n, "x") == 0 || strcmp(n, "y") == 0);
    bool zw = n && (strcmp(n, "z") == 0 || strcmp(n, "w") == 0);
    clang_disposeString(name);
    if (!xy && !zw) return;
    CXCursor base = clang_getNullCursor();
    clang_visitChildren(member, first_child, &base);
    if (clang_Cursor_isNull(base)) return;
    CXType bt = clang_getCursorType(base);
    CXString ts = clang_getTypeSpelling(bt);
    bool half2 = xy && strcmp(clang_getCString(ts), "half2") == 0;
    clang_disposeString(ts);
    bool vector = false;
    if (!half2) { /* the type as declared: const char4 and a typedef of char4 are char4 */
        CXString cs = clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(bt)));
        const char *c = clang_getCString(cs);
        if (c && !strncmp(c, "struct ", 7)) c += 7;
        vector = c && hc_is_vector_type_name(c, strlen(c));
        clang_disposeString(cs);
    }
    if (!half2 && !vector) return;
    uint32_t off = direct_offset(v, clang_getCursorLocation(member));
    size_t i = off != UINT32_MAX ? hc_tok_at(&v->u->toks, off) : SIZE_MAX;
    if (i != SIZE_MAX && hc_code_tok(v->u, i)->off == off && hc_code_kind(v->u, i, HC_TOK_IDENT))
        v->u->toks.v[i].flags |= half2 ? HC_TOKF_HALF2_MEMBER : HC_TOKF_VECTOR_MEMBER;
}

/* A cursor kind whose declarations scope their parameters and local variables. */
static bool is_function_kind(enum CXCursorKind k) {
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
           k == CXCursor_Destructor || k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    veto_ctx *v = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_MacroDefinition) {
        /* #define cudaX ...: the user's macro, not the CUDA name */
        uint32_t off = main_offset(v, clang_getCursorLocation(c));
        if (off != UINT32_MAX) veto_token(v, off);
    } else if (k == CXCursor_MacroExpansion) {
        /* a use of a macro defined in this file (a macro of the declarations has no offset here) */
        CXCursor def = clang_getCursorReferenced(c);
        uint32_t decl = clang_Cursor_isNull(def) ? UINT32_MAX : main_offset(v, clang_getCursorLocation(def));
        uint32_t use = main_offset(v, clang_getCursorLocation(c));
        if (decl != UINT32_MAX && use != UINT32_MAX && decl != use) veto_token(v, use);
    } else if (clang_isDeclaration(k)) {
        /* a declaration in the user's file whose name is a CUDA name: the user's own entity */
        uint32_t off = main_offset(v, clang_getCursorLocation(c));
        size_t i = off != UINT32_MAX ? veto_token(v, off) : SIZE_MAX;
        enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(c));
        if (i != SIZE_MAX && k != CXCursor_ParmDecl && (pk == CXCursor_TranslationUnit || pk == CXCursor_LinkageSpec)) {
            if (hc_grow(&v->globals, &v->capglobals, v->nglobals, sizeof *v->globals, 16) < 0) {
                v->oom = true;
                return CXChildVisit_Break;
            }
            const hc_token *t = hc_code_tok(v->u, i);
            v->globals[v->nglobals++] = (struct global_decl){v->u->text + t->off, t->len, i};
        } else if (i != SIZE_MAX && (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && is_function_kind(pk)) {
            if (hc_grow(&v->locals, &v->caplocals, v->nlocals, sizeof *v->locals, 16) < 0) {
                v->oom = true;
                return CXChildVisit_Break;
            }
            v->locals[v->nlocals++] = (struct local_decl){i, k == CXCursor_ParmDecl};
        }
    } else if (k == CXCursor_OverloadedDeclRef) {
        /* a dependent call in a template (cudaLaunch(p, f, args...) inside the user's own cudaLaunch
         * template) names an overload set, resolved only at instantiation: one of the file's own
         * declarations in it makes the call the user's, as the declarations themselves are */
        uint32_t use = main_offset(v, clang_getCursorLocation(c));
        for (unsigned j = 0, n = clang_getNumOverloadedDecls(c); j < n && use != UINT32_MAX; j++) {
            uint32_t decl = main_offset(v, clang_getCursorLocation(clang_getOverloadedDecl(c, j)));
            if (decl != UINT32_MAX && decl != use) {
                veto_token(v, use);
                break;
            }
        }
    } else if (clang_isReference(k) || clang_isExpression(k)) {
        if (k == CXCursor_CallExpr) mark_typed_arguments(v, c);
        if (k == CXCursor_MemberRefExpr) mark_member(v, c);
        CXCursor ref = clang_getCursorReferenced(c);
        if (!clang_Cursor_isNull(ref) && clang_isDeclaration(clang_getCursorKind(ref))) {
            uint32_t decl = main_offset(v, clang_getCursorLocation(ref));
            /* A user's definition of a function the declarations also declare (inline const char
             * *cudnnGetErrorString(...) { ... }) is a redeclaration: the reference may name the first
             * declaration, in the prepended text; its definition is the user's. */
            CXCursor def = decl == UINT32_MAX ? clang_getCursorDefinition(ref) : clang_getNullCursor();
            if (!clang_Cursor_isNull(def)) decl = main_offset(v, clang_getCursorLocation(def));
            uint32_t use = main_offset(v, clang_getCursorLocation(c));
            if (decl != UINT32_MAX && use != UINT32_MAX && decl != use) veto_token(v, use);
        }
    }
    return CXChildVisit_Recurse;
}

static bool consequential_semantic_error(const char *msg) {
    static const char *const causes[] = {"undeclared identifier", "unknown type name", "no template named",
                                         "no member named", "file not found", "unknown template name",
                                         "does not name a type", "expected namespace name"};
    for (size_t i = 0; i < COUNT_OF(causes); i++)
        if (strstr(msg, causes[i])) return true;
    return false;
}

/* Finds the first parse error that is not a consequence of declarations the parse could not see
 * (skipped includes); reports it as the token-pass fallback warning. */
static void report_parse_errors(hc_unit *u, CXTranslationUnit tu, const veto_ctx *v, bool single_file) {
    unsigned n = clang_getNumDiagnostics(tu);
    uint32_t *noisy = calloc(n + 1, sizeof *noisy); /* lines with a consequential error */
    size_t nnoisy = 0;
    if (!noisy) return;
    for (unsigned i = 0; i < n && single_file; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXString s = clang_getDiagnosticSpelling(d);
            uint32_t off = main_offset(v, clang_getDiagnosticLocation(d));
            if (off != UINT32_MAX && consequential_semantic_error(clang_getCString(s)))
                noisy[nnoisy++] = hc_unit_line_of(u, off, NULL);
            clang_disposeString(s);
        }
        clang_disposeDiagnostic(d);
    }
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        int sev = clang_getDiagnosticSeverity(d);
        CXString cat = clang_getDiagnosticCategoryText(d);
        CXString s = clang_getDiagnosticSpelling(d);
        uint32_t off = main_offset(v, clang_getDiagnosticLocation(d));
        bool report = false;
        if (sev >= CXDiagnostic_Error && off != UINT32_MAX) {
            if (!single_file) report = true;
            else if (strcmp(clang_getCString(cat), "Parse Issue") == 0) {
                uint32_t line = hc_unit_line_of(u, off, NULL);
                report = true;
                for (size_t k = 0; k < nnoisy; k++)
                    if (noisy[k] == line) report = false;
            }
        }
        if (report) {
            u->parsed = false;
            hc_unit_diag(u, HC_D_PARSE_FALLBACK, off, NULL, hc_unit_line_of(u, off, NULL), clang_getCString(s));
        }
        clang_disposeString(cat);
        clang_disposeString(s);
        clang_disposeDiagnostic(d);
        if (report) break;
    }
    free(noisy);
}

static void mark_skipped_ranges(hc_unit *u, CXTranslationUnit tu, const veto_ctx *v) {
    CXSourceRangeList *r = clang_getSkippedRanges(tu, v->main_file);
    if (!r) return;
    for (unsigned i = 0; i < r->count; i++) {
        uint32_t s = main_offset(v, clang_getRangeStart(r->ranges[i]));
        uint32_t e = main_offset(v, clang_getRangeEnd(r->ranges[i]));
        if (s == UINT32_MAX || e == UINT32_MAX) continue;
        for (size_t k = hc_code_first_at(u, s); k < u->toks.n && hc_code_tok(u, k)->off < e; k++)
            if (!hc_code_kind(u, k, HC_TOK_HASH)) u->toks.v[k].flags |= HC_TOKF_INACTIVE;
    }
    clang_disposeSourceRangeList(r);
}

/* Directive lines (#if/#else/#endif) inside a skipped range belong to the active structure; the range
 * clang reports spans from the directive to the directive, so tokens of the closing directive line are
 * restored here. */
static void restore_directives(hc_unit *u) {
    for (size_t k = 0; hc_code_valid(u, k); k++) {
        if (!hc_code_kind(u, k, HC_TOK_HASH)) continue;
        size_t kw = hc_code_directive_name(u, k);
        if (!hc_code_is(u, kw, "endif") && !hc_code_is(u, kw, "else") && !hc_code_is(u, kw, "elif")) continue;
        for (size_t j = k + 1, end = hc_code_directive_end(u, k); j < end; j++) u->toks.v[j].flags &= (uint16_t)~HC_TOKF_INACTIVE;
    }
}

/* A port of a port names HIP's types (__hip_bfloat162, hipStream_t), which the CUDA declarations lack: a
 * declaration of the user's that uses one would not parse, and the uses of the user's entity it declares
 * (a make_bfloat162 of its own) would then be renamed on the second run although the first left them.
 * So each HIP type name the file spells, whose CUDA name the tables know, is declared as that CUDA type
 * after the declarations. Text appended to buf (NUL-terminated, of size cap) at *len; false when full. */
static bool declare_hip_types(const hc_unit *u, char *buf, size_t cap, size_t *len) {
    size_t start = *len;
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        const hc_token *k = hc_code_tok(u, i);
        if (k->kind != HC_TOK_IDENT || k->len < 4 || hc_mapping_find(u->text + k->off, k->len)) continue;
        const hc_mapping *m = hc_mapping_find_hip(u->text + k->off, k->len);
        if (!m || m->kind != HC_KIND_TYPE || strlen(m->hip) != k->len || memcmp(m->hip, u->text + k->off, k->len)) continue;
        char line[320];
        int n = snprintf(line, sizeof line, "typedef %s %s;\n", m->cuda, m->hip);
        if (n < 0 || (size_t)n >= sizeof line) continue;
        if (strstr(buf + start, line)) continue; /* declared already */
        if (*len + (size_t)n + 1 > cap) return false;
        memcpy(buf + *len, line, (size_t)n + 1);
        *len += (size_t)n;
    }
    return true;
}

/* The parse and the AST walk: both recurse once per nesting level, so they run on the big-stack thread. */
static int parse_and_visit(hc_unit *u, const hc_semantic_config *cfg) {
    bool single_file = cfg->mode == HC_SEMANTIC_SINGLE_FILE;
    enum { HIP_TYPES_CAP = 16384 };
    size_t prefix = single_file ? cfg->decls_len : 0;
    char *buf = malloc(prefix + HIP_TYPES_CAP + u->len + 1);
    if (!buf) return -1;
    if (prefix) memcpy(buf, cfg->decls, prefix);
    if (single_file) {
        buf[prefix] = '\0';
        size_t len = prefix;
        declare_hip_types(u, buf, prefix + HIP_TYPES_CAP, &len); /* when full, the rest stays undeclared */
        prefix = len;
    }
    memcpy(buf + prefix, u->text, u->len);
    buf[prefix + u->len] = '\0';

    const char *argv[256];
    int argc = 0;
    for (size_t i = 0; i < cfg->nargs && argc < 250; i++) argv[argc++] = cfg->args[i];
    struct CXUnsavedFile unsaved = {u->path, buf, (unsigned long)(prefix + u->len)};
    unsigned flags = CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord |
                     CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
    if (single_file) flags |= CXTranslationUnit_SingleFileParse;
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(index, u->path, argv, argc, &unsaved, 1, flags, &tu);
    if (rc != CXError_Success || !tu) {
        u->parsed = false;
        hc_unit_diag(u, HC_D_PARSE_FALLBACK, UINT32_MAX, NULL, 0u, "libclang could not start a parse");
        clang_disposeIndex(index);
        free(buf);
        return 0;
    }
    veto_ctx v = {u, (uint32_t)prefix, clang_getFile(tu, u->path), NULL, 0, 0, NULL, 0, 0, false};
    u->semantic_ran = true;
    report_parse_errors(u, tu, &v, single_file);
    clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &v);
    veto_global_uses(&v);
    veto_local_uses(&v);
    free(v.globals);
    free(v.locals);
    if (cfg->mark_skipped) {
        mark_skipped_ranges(u, tu, &v);
        restore_directives(u);
    }
    clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    free(buf);
    return v.oom ? -1 : 0;
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static void init_libclang(void) {
    /* libclang reads this on every parse: without it, each parse runs on a thread libclang starts with
     * an 8 MiB stack, which 2,000 nested parentheses overflow (SIGSEGV: no crash recovery survives a
     * stack overflow). Set once, before any worker starts; a value the user already set is kept. */
    setenv("LIBCLANG_NOTHREADS", "1", 0);
}
void hc_semantic_init(void) { pthread_once(&init_once, init_libclang); }

/* Operators that join operands into one expression tree, one level per operator. */
static bool chain_operator(const hc_unit *u, size_t i) {
    static const char *const not_ops[] = {"(", ")", "[", "]", "{", "}", ",", ";"};
    return hc_code_kind(u, i, HC_TOK_PUNCT) && !hc_code_is_any(u, i, not_ops, COUNT_OF(not_ops));
}

/* One pass over the tokens. Directives get their own depth (each #if expression is evaluated on its
 * own), reset at each '#'. A '<' right after an identifier counts as a template angle until its '>',
 * a ';' or a brace; a comparison miscounted that way is closed by the statement's end. */
int hc_semantic_measure(const hc_unit *u, hc_nesting *out) {
    memset(out, 0, sizeof *out);
    size_t cap = 64, depth = 0, angles = 0, ddepth = 0;
    uint32_t *chain = calloc(cap, sizeof *chain); /* operators so far at each open bracket level */
    if (!chain) return -1;
    for (size_t i = hc_code_from(u, 0, u->toks.n); hc_code_valid(u, i); i = hc_code_next(u, i)) {
        const hc_token *k = hc_code_tok(u, i);
        bool dir = hc_code_in_directive(u, i);
        if (k->kind == HC_TOK_HASH) ddepth = 0;
        size_t *d = dir ? &ddepth : &depth;
        bool open = hc_code_is(u, i, "(") || hc_code_is(u, i, "[") || hc_code_is(u, i, "{");
        bool close = hc_code_is(u, i, ")") || hc_code_is(u, i, "]") || hc_code_is(u, i, "}");
        if (!dir && (hc_code_is(u, i, ";") || hc_code_is(u, i, "{") || hc_code_is(u, i, "}"))) angles = 0;
        if (!dir && hc_code_is(u, i, "<") && i > 0 && hc_code_kind(u, i - 1, HC_TOK_IDENT)) angles++; /* adjacent */
        if (!dir && angles && (hc_code_is(u, i, ">") || hc_code_is(u, i, ">>")))
            angles -= angles > 1 && hc_code_is(u, i, ">>") ? 2 : 1;
        if (open) (*d)++;
        else if (close && *d > 0) (*d)--;
        size_t level = dir ? ddepth : depth + angles;
        if (level > out->depth) out->depth = (uint32_t)level, out->depth_line = hc_unit_line_of(u, k->off, NULL);
        if (dir) continue; /* a directive's expression is short by nature: only its depth is measured */
        if (depth + 1 > cap) {
            size_t had = cap;
            if (hc_grow_to(&chain, &cap, depth + 1, sizeof *chain, 64) < 0) { free(chain); return -1; }
            memset(chain + had, 0, (cap - had) * sizeof *chain);
        }
        if (open || hc_code_is(u, i, ",") || hc_code_is(u, i, ";")) chain[depth] = 0; /* a new operand list */
        else if (chain_operator(u, i) && ++chain[depth] > out->chain) out->chain = chain[depth], out->chain_line = hc_unit_line_of(u, k->off, NULL);
    }
    free(chain);
    return 0;
}

typedef struct parse_job {
    hc_unit *u;
    const hc_semantic_config *cfg;
    int rc;
} parse_job;

static void *parse_thread(void *arg) {
    parse_job *j = arg;
    j->rc = parse_and_visit(j->u, j->cfg);
    return NULL;
}

int hc_semantic_run(hc_unit *u, const hc_semantic_config *cfg) {
    hc_semantic_init();
    hc_nesting n;
    if (hc_semantic_measure(u, &n) < 0) return -1;
    char why[160];
    why[0] = '\0';
    uint32_t line = 0;
    if (n.depth > HC_SEMANTIC_MAX_NESTING) {
        snprintf(why, sizeof why, "brackets and template arguments nested %u deep, over the limit of %u", n.depth, (unsigned)HC_SEMANTIC_MAX_NESTING);
        line = n.depth_line;
    } else if (n.chain > HC_SEMANTIC_MAX_CHAIN) {
        snprintf(why, sizeof why, "an expression of %u operators, over the limit of %u", n.chain, (unsigned)HC_SEMANTIC_MAX_CHAIN);
        line = n.chain_line;
    } else { /* a macro that grows exponentially would keep libclang expanding for minutes, gigabytes deep */
        hc_macro_growth g;
        if (hc_macro_growth_measure(u, &g) < 0) return -1;
        if (g.tokens > HC_SEMANTIC_MAX_EXPANSION) {
            snprintf(why, sizeof why, "macro '%s' expands to %s%llu tokens, over the limit of %u", g.name,
                     g.tokens >= (1ull << 62) ? "over " : "", (unsigned long long)g.tokens, (unsigned)HC_SEMANTIC_MAX_EXPANSION);
            line = g.line;
        }
    }
    pthread_attr_t attr;
    pthread_t th;
    parse_job job = {u, cfg, 0};
    if (!why[0]) {
        /* The stack is reserved address space; only the pages a deep parse touches become memory. */
        bool started = pthread_attr_init(&attr) == 0;
        if (started && pthread_attr_setstacksize(&attr, (size_t)HC_SEMANTIC_STACK_MB << 20) == 0 &&
            pthread_create(&th, &attr, parse_thread, &job) == 0) {
            pthread_join(th, NULL);
        } else {
            snprintf(why, sizeof why, "no thread with a %u MiB stack could be started", (unsigned)HC_SEMANTIC_STACK_MB);
        }
        if (started) pthread_attr_destroy(&attr);
    }
    if (why[0]) {
        u->parsed = false;
        uint32_t off = line && line <= u->nlines ? u->line_starts[line - 1] : UINT32_MAX;
        hc_unit_diag(u, HC_D_SEMANTIC_SKIPPED, off, NULL, why);
        return 0;
    }
    return job.rc;
}

/* Specifiers that precede a type, and keywords that precede an expression: an identifier after one
 * of these is not in a declarator position. */
static const char *const not_types[] = {"return", "case", "else", "throw", "new", "delete", "sizeof",
                                        "co_return", "co_yield", "goto", "do", "typedef", "decltype",
                                        "alignof", "defined", "ifdef", "ifndef", "if", "elif", "define", "undef",
                                        "const", "volatile", "unsigned", "signed", "static", "extern", "inline",
                                        "constexpr", "register", "mutable", "friend", "virtual", "explicit",
                                        "typename", "template", "auto", "__global__", "__device__", "__host__",
                                        "__shared__", "__constant__", "__forceinline__", "__restrict__", "long", "short"};

bool hc_tok_declarator_position(const hc_unit *u, size_t i) {
    size_t p = hc_code_prev(u, i);
    if (hc_code_in_directive(u, p) || !hc_code_kind(u, p, HC_TOK_IDENT)) return false;
    static const char *const tags[] = {"struct", "class", "enum", "union"};
    if (hc_code_is_any(u, p, tags, COUNT_OF(tags))) {
        size_t nx = hc_code_next(u, i); /* a definition, not a use: struct cudaX { ... } */
        return hc_code_is(u, nx, "{") || hc_code_is(u, nx, ":");
    }
    return !hc_code_is_any(u, p, not_types, COUNT_OF(not_types)); /* some_type cudaX: a declarator */
}

/* Whether identifier i may be the name in a declaration of the user's own. Wider than
 * hc_tok_declarator_position (which the rename pass also uses): a parse too many costs milliseconds, a
 * parse too few renames the user's entity. Adds: pointer and reference declarators (const char
 * *cudaX(...), T &cudaX), template types (vector<int> cudaX), members defined out of line
 * (MyClass::cudaX) and #define cudaX. */
/* Identifier i stands where an enumerator is declared: after '{' or ',' and before '=', ',' or '}' of a
 * body that 'enum [class|struct] [Name] [: type]' opens (enum { cudaError = 1 }). Nothing else names the
 * enumerator: a file that declares it without using it qualified needs the parse to keep its name. */
static bool enumerator_position(const hc_unit *u, size_t i) {
    static const char *const before[] = {"{", ","}, *const after[] = {"=", ",", "}"};
    if (!hc_code_is_any(u, hc_code_prev(u, i), before, COUNT_OF(before)) ||
        !hc_code_is_any(u, hc_code_next(u, i), after, COUNT_OF(after)))
        return false;
    size_t p = i;
    int depth = 0;
    for (int steps = 0; steps < 4096; steps++) { /* back to the '{' that holds i */
        p = hc_code_prev(u, p);
        if (p == SIZE_MAX || (depth == 0 && hc_code_is(u, p, ";"))) return false;
        if (hc_code_is(u, p, ")") || hc_code_is(u, p, "]") || hc_code_is(u, p, "}")) depth++;
        else if (hc_code_is(u, p, "(") || hc_code_is(u, p, "[")) {
            if (--depth < 0) return false;
        } else if (hc_code_is(u, p, "{") && --depth < 0)
            break;
    }
    if (depth >= 0) return false;
    /* enum, then at most a key, a name and an underlying type (': unsigned int', 'std::uint8_t') */
    for (int steps = 0; steps < 8; steps++) {
        p = hc_code_prev(u, p);
        if (p == SIZE_MAX || !(hc_code_kind(u, p, HC_TOK_IDENT) || hc_code_is(u, p, ":") || hc_code_is(u, p, "::")))
            return false;
        if (hc_code_is(u, p, "enum")) return true;
    }
    return false;
}

static bool may_declare(const hc_unit *u, size_t i) {
    if (hc_tok_declarator_position(u, i) || enumerator_position(u, i)) return true;
    size_t p = hc_code_prev(u, i);
    if (p == SIZE_MAX) return false;
    if (hc_code_in_directive(u, p)) return hc_code_is(u, p, "define") && hc_code_in_directive(u, i);
    if (hc_code_is(u, p, ">")) return true;
    if (hc_code_is(u, p, "::")) {
        size_t q = hc_code_prev(u, p); /* a user class or namespace, not ::cudaX or std::cudaX */
        return hc_code_kind(u, q, HC_TOK_IDENT) && !hc_code_is(u, q, "std") &&
               !hc_mapping_find(u->text + hc_code_tok(u, q)->off, hc_code_tok(u, q)->len);
    }
    bool indirect = false;
    while (p != SIZE_MAX && (hc_code_is(u, p, "*") || hc_code_is(u, p, "&") ||
                             hc_code_is(u, p, "&&") || hc_code_is(u, p, "const"))) {
        indirect |= hc_code_kind(u, p, HC_TOK_PUNCT);
        p = hc_code_prev(u, p);
    }
    if (!indirect || p == SIZE_MAX) return false;
    /* p: the type before the stars, a name or a template's '>' */
    static const char *const expression_words[] = {"return", "throw", "case", "sizeof", "delete", "co_return", "co_yield"};
    if (hc_code_is(u, p, ">")) return true;
    if (!hc_code_kind(u, p, HC_TOK_IDENT) || hc_code_in_directive(u, p)) return false;
    return !hc_code_is_any(u, p, expression_words, COUNT_OF(expression_words));
}

/* Identifier i is called and has a cast-unless row: whether the cast is needed depends on the type of
 * an argument, which only the parse knows. */
static bool has_typed_cast(const hc_unit *u, size_t i) {
    size_t n = 0, open = hc_code_next(u, i);
    if (!hc_code_is(u, open, "(")) return false;
    const hc_arg_rewrite *rws = hc_arg_rewrites_find(u->text + hc_code_tok(u, i)->off, hc_code_tok(u, i)->len, &n);
    for (size_t k = 0; rws && k < n; k++)
        if (rws[k].action == HC_ARGACT_CAST_UNLESS || rws[k].action == HC_ARGACT_QUALIFY_UNLESS ||
            rws[k].action == HC_ARGACT_WARN_UNLESS || rws[k].action == HC_ARGACT_SHIM_UNLESS)
            return true;
    return false;
}

/* A CUDA-named identifier where a declaration of the user's own could stand (may_declare: after a
 * type, a '*' or '&' declarator, a template type, a user qualifier, #define; struct cudaX { ... }), or
 * any using-directive for a user namespace, or a call whose argument rewrite depends on a type
 * (has_typed_cast). Only then can the semantic pass change the outcome in
 * single-file mode, so only then is it worth its cost. Names HIP spells the same (round, tanh) are left
 * out: a veto could not change the output; the rename pass tells user declarations of those apart by
 * tokens alone. */
/* A member .x or .y in a file that names half2: only the parse knows the object's type. */
static bool may_access_half2_member(const hc_unit *u) {
    bool names_half2 = false, member = false;
    for (size_t i = 0; hc_code_valid(u, i) && !(names_half2 && member); i++) {
        if (!hc_code_kind(u, i, HC_TOK_IDENT)) continue;
        if (hc_code_is(u, i, "half2")) names_half2 = true;
        else if (hc_code_is(u, i, "x") || hc_code_is(u, i, "y")) member |= hc_code_is(u, hc_code_prev(u, i), ".");
    }
    return names_half2 && member;
}

/* The address of a component of an object (&v.x) cast to another pointer type, written right after the
 * cast: (T *)&v.x or reinterpret_cast<T *>(&v.x), in a file that names a CUDA vector type: only the
 * parse knows whether v is one. */
static bool may_cast_vector_component(const hc_unit *u) {
    bool names_vector = false, cast = false;
    for (size_t i = 0; hc_code_valid(u, i) && !(names_vector && cast); i++) {
        if (!hc_code_kind(u, i, HC_TOK_IDENT)) continue;
        const hc_token *k = hc_code_tok(u, i);
        if (hc_is_vector_type_name(u->text + k->off, k->len)) names_vector = true;
        else if (hc_code_is(u, i, "x") || hc_code_is(u, i, "y") || hc_code_is(u, i, "z") || hc_code_is(u, i, "w")) {
            size_t dot = hc_code_prev(u, i), obj = hc_code_prev(u, dot), amp = hc_code_prev(u, obj), before = hc_code_prev(u, amp);
            cast |= hc_code_punct(u, dot, ".") && hc_code_kind(u, obj, HC_TOK_IDENT) && hc_code_punct(u, amp, "&") &&
                    (hc_code_punct(u, before, "(") || hc_code_punct(u, before, ")"));
        }
    }
    return names_vector && cast;
}

bool hc_semantic_needed(const hc_unit *u) {
    const char *t = u->text;
    if (may_access_half2_member(u) || may_cast_vector_component(u)) return true;
    for (size_t i = 0; hc_code_valid(u, i); i++) {
        const hc_token *k = hc_code_tok(u, i);
        if (k->kind != HC_TOK_IDENT) continue;
        if (hc_code_is(u, i, "using")) {
            size_t n1 = hc_code_next(u, i);
            if (hc_code_is(u, n1, "namespace")) {
                size_t n2 = hc_code_next(u, n1);
                if (hc_code_valid(u, n2) && !hc_code_is(u, n2, "std") &&
                    !hc_mapping_find(t + hc_code_tok(u, n2)->off, hc_code_tok(u, n2)->len))
                    return true;
            }
            continue;
        }
        const hc_mapping *m = hc_mapping_find(t + k->off, k->len);
        if (!m || m->kind == HC_KIND_NAMESPACE || m->kind == HC_KIND_HEADER) continue;
        if (hc_mapping_resolve(m, u->opt).kind == HC_RES_IDENTITY) continue;
        if (may_declare(u, i) || has_typed_cast(u, i)) return true;
    }
    return false;
}
