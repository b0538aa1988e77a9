#ifndef XIBMERGE_CATOMIC_H
#define XIBMERGE_CATOMIC_H

// Atomic loads and updates of a word, for the merge's two tasks (XibKit's Parallel.swift): a
// thread polling a flag must not take the lock the thread about to set it needs. Swift's own
// `Atomic` needs macOS 15; these are the compiler's builtins, inlined into the Swift code.

static inline long xibmerge_atomic_load(const long *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline void xibmerge_atomic_store(long *p, long value) { __atomic_store_n(p, value, __ATOMIC_RELEASE); }
static inline long xibmerge_atomic_add(long *p, long delta) { return __atomic_add_fetch(p, delta, __ATOMIC_ACQ_REL); }

#endif
