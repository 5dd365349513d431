// Process creation with posix_spawn: descriptor placement, a new session, clean signals.
#define _GNU_SOURCE
#include "appex_system.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef POSIX_SPAWN_SETSID
#define POSIX_SPAWN_SETSID 0x80
#endif

// Descriptors the parent inherited without close-on-exec (from a shell, a test runner)
// must not reach the child either: close every number from 3 up that is not a target.
// glibc ignores EBADF from these closes.
static int close_the_rest(posix_spawn_file_actions_t *actions, const int *to, int n, int highest) {
    for (int fd = 3; fd <= highest; fd++) {
        int mapped = 0;
        for (int i = 0; i < n; i++) if (to[i] == fd) mapped = 1;
        if (!mapped) {
            int err = posix_spawn_file_actions_addclose(actions, fd);
            if (err != 0) return err;
        }
    }
    return posix_spawn_file_actions_addclosefrom_np(actions, highest + 1);
}

// posix_spawn_file_actions_adddup2 with equal descriptors is a no-op that keeps
// close-on-exec, so a descriptor that is already at its target number is first moved to a
// scratch copy. Every source is also copied above the highest target first, so that placing
// one descriptor never overwrites another that is still to be placed.
static int place_descriptors(posix_spawn_file_actions_t *actions,
                             const int *from, const int *to, int n, int **scratch_out) {
    *scratch_out = NULL;
    if (n == 0) return close_the_rest(actions, to, 0, 2);
    int highest = 2;
    for (int i = 0; i < n; i++) {
        if (from[i] < 0 || to[i] < 0) return EBADF;
        if (to[i] > highest) highest = to[i];
        for (int j = 0; j < i; j++) if (to[j] == to[i]) return EINVAL;
    }
    int *scratch = calloc((size_t)n, sizeof(int));
    if (scratch == NULL) return ENOMEM;
    for (int i = 0; i < n; i++) {
        scratch[i] = fcntl(from[i], F_DUPFD_CLOEXEC, highest + 1);
        if (scratch[i] < 0) {
            int err = errno;
            for (int j = 0; j < i; j++) close(scratch[j]);
            free(scratch);
            return err;
        }
    }
    *scratch_out = scratch;
    for (int i = 0; i < n; i++) {
        int err = posix_spawn_file_actions_adddup2(actions, scratch[i], to[i]);
        if (err != 0) return err;
    }
    return close_the_rest(actions, to, n, highest);
}

int appex_spawn(const char *path, char *const argv[], char *const envp[],
                const int *child_fds_from, const int *child_fds_to, int n,
                int new_session, pid_t *pid_out) {
    if (path == NULL || argv == NULL || envp == NULL || pid_out == NULL || n < 0) return EINVAL;
    if (n > 0 && (child_fds_from == NULL || child_fds_to == NULL)) return EINVAL;

    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int err = posix_spawn_file_actions_init(&actions);
    if (err != 0) return err;
    err = posix_spawnattr_init(&attributes);
    if (err != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return err;
    }

    int *scratch = NULL;
    err = place_descriptors(&actions, child_fds_from, child_fds_to, n, &scratch);

    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    if (new_session) flags |= POSIX_SPAWN_SETSID;
    sigset_t empty, all;
    sigemptyset(&empty);
    sigfillset(&all);
    if (err == 0) err = posix_spawnattr_setflags(&attributes, flags);
    if (err == 0) err = posix_spawnattr_setsigmask(&attributes, &empty);
    if (err == 0) err = posix_spawnattr_setsigdefault(&attributes, &all);
    if (err == 0) err = posix_spawn(pid_out, path, &actions, &attributes, argv, envp);

    if (scratch != NULL) {
        for (int i = 0; i < n; i++) close(scratch[i]);
        free(scratch);
    }
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return err;
}

int appex_pidfd_open(pid_t pid, int *fd_out) {
    if (fd_out == NULL) return EINVAL;
    long fd = syscall(SYS_pidfd_open, pid, 0);
    if (fd < 0) return errno;
    // pidfd_open descriptors are always close-on-exec.
    *fd_out = (int)fd;
    return 0;
}
