#ifndef XIBMERGE_CLIBGIT2_SHIM_H
#define XIBMERGE_CLIBGIT2_SHIM_H
/* Types and prototypes only: the functions are CLibGit2Lazy's trampolines, which load
   libgit2 on first use (see Scripts/generate-libgit2-stubs). */
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/mempack.h>

/* Fixed-arity forms of git_libgit2_opts (variadic, which Swift cannot call). */
int xibgit_opts_set_search_path(int level, const char *path);
int xibgit_opts_get_search_path(int level, git_buf *out);
int xibgit_opts_set_strict_hash_verification(int enabled);
#endif
