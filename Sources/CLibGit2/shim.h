#ifndef XIBMERGE_CLIBGIT2_SHIM_H
#define XIBMERGE_CLIBGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/mempack.h>

/* git_libgit2_opts is variadic, which Swift cannot call: fixed-arity wrappers for the options XibGit uses. */
static inline int xibgit_opts_set_search_path(int level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

static inline int xibgit_opts_get_search_path(int level, git_buf *out) {
    return git_libgit2_opts(GIT_OPT_GET_SEARCH_PATH, level, out);
}
#endif
