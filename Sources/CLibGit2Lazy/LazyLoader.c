#include "LazyLoader.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *library;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static char failure[768];

/* Where libgit2 is looked for: only under the soname of the version the headers describe,
   since struct layouts and signatures change from one soname to the next; never an
   unversioned libgit2.so, which may be any version. XIBMERGE_TEST_LIBGIT2, for the tests
   only, names the one file to load instead. */
size_t xibgit_libgit2_candidates(const char **names, size_t capacity) {
    static const char *const standard[] = {
#if defined(__APPLE__)
        "libgit2." LIBGIT2_SOVERSION ".dylib",
        "/opt/homebrew/lib/libgit2." LIBGIT2_SOVERSION ".dylib",
        "/usr/local/lib/libgit2." LIBGIT2_SOVERSION ".dylib",
#else
        "libgit2.so." LIBGIT2_SOVERSION,
#endif
    };
    const char *test = getenv("XIBMERGE_TEST_LIBGIT2");
    size_t count = test ? 1 : sizeof standard / sizeof standard[0];
    for (size_t i = 0; i < count && i < capacity; i++) names[i] = test ? test : standard[i];
    return count;
}

/* Whether a libgit2 of version major.minor.revision answers to the soname the headers name
   ("1.5": major and minor; a soname of one number: the major alone). */
int xibgit_libgit2_version_matches(int major, int minor, int revision) {
    char version[64];
    snprintf(version, sizeof version, "%d.%d.%d", major, minor, revision);
    size_t n = strlen(LIBGIT2_SOVERSION);
    return strncmp(version, LIBGIT2_SOVERSION, n) == 0 && version[n] == '.';
}

/* The version of the library just opened, checked; false (with `failure` set) on a mismatch. */
static int version_matches(void *handle, const char *name) {
    typedef int (*version_fn)(int *, int *, int *);
    version_fn version = (version_fn)dlsym(handle, "git_libgit2_version");
    int major = -1, minor = -1, revision = -1;
    if (!version || version(&major, &minor, &revision) != 0) {
        snprintf(failure, sizeof failure, "xibmerge: %s is not a usable libgit2 (it has no git_libgit2_version)", name);
        return 0;
    }
    if (xibgit_libgit2_version_matches(major, minor, revision)) return 1;
    snprintf(failure, sizeof failure,
             "xibmerge: %s is libgit2 %d.%d.%d, but xibmerge was built against libgit2 %s (soname %s), "
             "whose interface differs; install libgit2 %s, or rebuild xibmerge against the libgit2 installed",
             name, major, minor, revision, LIBGIT2_VERSION, LIBGIT2_SOVERSION, LIBGIT2_SOVERSION);
    return 0;
}

static void load(void) {
    const char *names[4];
    size_t count = xibgit_libgit2_candidates(names, 4);
    snprintf(failure, sizeof failure,
             "xibmerge: cannot load libgit2 %s (%s); install it: apt-get install libgit2-dev, or brew install libgit2",
             LIBGIT2_VERSION, names[0]);
    for (size_t i = 0; i < count && !library; i++) {
        void *handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            if (i == 0) {
                const char *reason = dlerror();
                snprintf(failure, sizeof failure,
                         "xibmerge: cannot load libgit2 %s (%s); install it: apt-get install libgit2-dev, or brew install libgit2",
                         LIBGIT2_VERSION, reason ? reason : names[0]);
            }
            continue;
        }
        if (version_matches(handle, names[i])) {
            library = handle;
        } else {
            dlclose(handle);
            return;
        }
    }
}

static void fail(const char *message) {
    fprintf(stderr, "%s\n", message);
    exit(2);
}

void *xibgit_libgit2_symbol(void **slot, const char *name) {
    void *symbol = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (symbol) return symbol;
    pthread_once(&loaded, load);
    if (!library) fail(failure);
    symbol = dlsym(library, name);
    if (!symbol) {
        snprintf(failure, sizeof failure, "xibmerge: the libgit2 loaded has no %s", name);
        fail(failure);
    }
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
