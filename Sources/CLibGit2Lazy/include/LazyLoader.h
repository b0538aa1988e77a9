#ifndef XIBMERGE_LAZY_LOADER_H
#define XIBMERGE_LAZY_LOADER_H
/* Hidden: the trampolines satisfy XibGit's references inside the executable but are never
   exported, so libgit2's own internal calls keep binding to libgit2. libgit2's headers declare
   every function with default visibility, so GIT_EXTERN is redefined for all headers after
   common.h (the functions it declares itself are not trampolined). */
#include <git2/common.h>
#undef GIT_EXTERN
#define GIT_EXTERN(type) extern type
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/mempack.h>
#define XIBGIT_TRAMPOLINE __attribute__((visibility("hidden")))

/* The address of libgit2's `name`, loading libgit2 on first use and caching it in `slot`.
   Exits with status 2 and a clear message when libgit2 cannot be loaded. */
void *xibgit_libgit2_symbol(void **slot, const char *name);

/* The file names libgit2 is loaded from, in order (at most `capacity`); returns their count. */
size_t xibgit_libgit2_candidates(const char **names, size_t capacity);

/* Whether a libgit2 of this version answers to the soname the headers name. */
int xibgit_libgit2_version_matches(int major, int minor, int revision);
#endif
