#include "LazyLoader.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *library;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    /* The version the headers describe first (struct layouts must match), then any. */
    static const char *const names[] = {
#if defined(__APPLE__)
        "libgit2." LIBGIT2_SOVERSION ".dylib",
        "/opt/homebrew/lib/libgit2." LIBGIT2_SOVERSION ".dylib",
        "/usr/local/lib/libgit2." LIBGIT2_SOVERSION ".dylib",
        "libgit2.dylib", "/opt/homebrew/lib/libgit2.dylib", "/usr/local/lib/libgit2.dylib",
#else
        "libgit2.so." LIBGIT2_SOVERSION, "libgit2.so",
#endif
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!library && i == 0) {
            const char *reason = dlerror();
            snprintf(failure, sizeof failure, "%s", reason ? reason : names[0]);
        }
    }
}

static void fail(const char *what) {
    fprintf(stderr, "xibmerge: cannot load libgit2 %s (%s); install it: apt-get install libgit2-dev, or brew install libgit2\n",
            LIBGIT2_VERSION, what);
    exit(2);
}

void *xibgit_libgit2_symbol(void **slot, const char *name) {
    void *symbol = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (symbol) return symbol;
    pthread_once(&loaded, load);
    if (!library) fail(failure);
    symbol = dlsym(library, name);
    if (!symbol) fail(name);
    __atomic_store_n(slot, symbol, __ATOMIC_RELEASE);
    return symbol;
}

/* git_libgit2_opts is variadic, which neither Swift nor a generated trampoline can forward:
   fixed-arity entry points for the options XibGit uses. */
typedef int (*opts_fn)(int option, ...);

int xibgit_opts_set_search_path(int level, const char *path) {
    static void *slot;
    return ((opts_fn)xibgit_libgit2_symbol(&slot, "git_libgit2_opts"))(GIT_OPT_SET_SEARCH_PATH, level, path);
}

int xibgit_opts_get_search_path(int level, git_buf *out) {
    static void *slot;
    return ((opts_fn)xibgit_libgit2_symbol(&slot, "git_libgit2_opts"))(GIT_OPT_GET_SEARCH_PATH, level, out);
}

int xibgit_opts_set_strict_hash_verification(int enabled) {
    static void *slot;
    return ((opts_fn)xibgit_libgit2_symbol(&slot, "git_libgit2_opts"))(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}
