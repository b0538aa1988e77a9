#ifndef XIBMERGE_CLIBGIT2_SHIM_H
#define XIBMERGE_CLIBGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/mempack.h>

/* Fixed-arity forms of git_libgit2_opts (variadic, which Swift cannot call). */
static inline int xibgit_opts_set_search_path(int level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}
static inline int xibgit_opts_get_search_path(int level, git_buf *out) {
    return git_libgit2_opts(GIT_OPT_GET_SEARCH_PATH, level, out);
}
static inline int xibgit_opts_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}
#endif
