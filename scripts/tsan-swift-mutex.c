// Tells ThreadSanitizer when a contended Synchronization.Mutex changes hands
// (preloaded by `scripts/sanitize.sh thread`).
//
// Mutex.withLock inlines its uncontended path, a compare-and-swap on the lock word, into
// our instrumented code, so ThreadSanitizer sees that acquire and release. A contended
// lock goes through _lockSlow/_unlockSlow in libswiftSynchronization.so, which is not
// instrumented: there FUTEX_LOCK_PI and FUTEX_UNLOCK_PI let the kernel hand the lock word
// from one thread to the next, with no atomic operation ThreadSanitizer can see. Every
// access guarded by a Mutex that was contended would then be reported as a race. These
// wrappers call the real slow paths and record the acquire (after them) and the release
// (before them) on the lock word, as the inlined path's atomics do.
//
// The slow paths take the lock word's address as Swift's `self` (swiftcall, in the
// register clang's swift_context names) and, for _lockSlow, the thread id.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>

#define SWIFTCALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

// Weak: a process that is not built with ThreadSanitizer (dbus-daemon, a tool) has neither.
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

typedef SWIFTCALL void (*LockSlow)(uint32_t threadID, SWIFT_SELF void *word);
typedef SWIFTCALL bool (*TryLockSlow)(SWIFT_SELF void *word);
typedef SWIFTCALL void (*UnlockSlow)(SWIFT_SELF void *word);

static LockSlow realLockSlow;
static TryLockSlow realTryLockSlow;
static UnlockSlow realUnlockSlow;

// Every library is mapped before constructors run: the real slow paths are found here,
// once (a process without libswiftSynchronization.so never calls the wrappers).
__attribute__((constructor)) static void findSlowPaths(void) {
    realLockSlow = (LockSlow)dlsym(RTLD_NEXT, LOCK_SLOW);
    realTryLockSlow = (TryLockSlow)dlsym(RTLD_NEXT, TRY_LOCK_SLOW);
    realUnlockSlow = (UnlockSlow)dlsym(RTLD_NEXT, UNLOCK_SLOW);
}

SWIFTCALL void lockSlow(uint32_t threadID, SWIFT_SELF void *word) __asm__(LOCK_SLOW);
SWIFTCALL void lockSlow(uint32_t threadID, SWIFT_SELF void *word) {
    realLockSlow(threadID, word);
    if (__tsan_acquire) __tsan_acquire(word);
}

SWIFTCALL bool tryLockSlow(SWIFT_SELF void *word) __asm__(TRY_LOCK_SLOW);
SWIFTCALL bool tryLockSlow(SWIFT_SELF void *word) {
    bool locked = realTryLockSlow(word);
    if (locked && __tsan_acquire) __tsan_acquire(word);
    return locked;
}

SWIFTCALL void unlockSlow(SWIFT_SELF void *word) __asm__(UNLOCK_SLOW);
SWIFTCALL void unlockSlow(SWIFT_SELF void *word) {
    if (__tsan_release) __tsan_release(word);
    realUnlockSlow(word);
}
