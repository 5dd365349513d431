// The event loop's system calls: epoll with 64-bit tokens, eventfd, waitid on a pidfd.
#define _GNU_SOURCE
#include "appex_system.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef P_PIDFD
#define P_PIDFD 3
#endif

int appex_epoll_create(int *fd_out) {
    if (fd_out == NULL) return EINVAL;
    int fd = epoll_create1(EPOLL_CLOEXEC);
    if (fd < 0) return errno;
    *fd_out = fd;
    return 0;
}

int appex_epoll_control(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event = { .events = events, .data.u64 = token };
    int kernel_op = op == APPEX_EPOLL_ADD ? EPOLL_CTL_ADD : op == APPEX_EPOLL_MODIFY ? EPOLL_CTL_MOD : EPOLL_CTL_DEL;
    if (epoll_ctl(epfd, kernel_op, fd, &event) != 0) return errno;
    return 0;
}

int appex_epoll_wait(int epfd, uint64_t *tokens, uint32_t *events, int capacity, int64_t timeout_ns, int *count_out) {
    if (tokens == NULL || events == NULL || count_out == NULL || capacity <= 0 || capacity > 256) return EINVAL;
    struct epoll_event ready[256];
    int n;
    if (timeout_ns < 0) {
        n = epoll_wait(epfd, ready, capacity, -1);
    } else {
        // epoll_pwait2 (Linux 5.11) takes a timespec: timers finer than a millisecond.
        struct timespec timeout = { .tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000 };
        n = (int)syscall(SYS_epoll_pwait2, epfd, ready, capacity, &timeout, NULL, (size_t)0);
        if (n < 0 && errno == ENOSYS) {
            n = epoll_wait(epfd, ready, capacity, (int)((timeout_ns + 999999) / 1000000));
        }
    }
    if (n < 0) return errno;
    for (int i = 0; i < n; i++) {
        tokens[i] = ready[i].data.u64;
        events[i] = ready[i].events;
    }
    *count_out = n;
    return 0;
}

int appex_eventfd(int *fd_out) {
    if (fd_out == NULL) return EINVAL;
    int fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (fd < 0) return errno;
    *fd_out = fd;
    return 0;
}

int appex_pipe_cloexec(int *read_out, int *write_out) {
    if (read_out == NULL || write_out == NULL) return EINVAL;
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return errno;
    *read_out = ends[0];
    *write_out = ends[1];
    return 0;
}

int appex_reap(int pid, int *status_out, int *reaped_out) {
    if (status_out == NULL || reaped_out == NULL) return EINVAL;
    int status = 0;
    pid_t result;
    do {
        result = waitpid(pid, &status, WNOHANG);
    } while (result < 0 && errno == EINTR);
    if (result < 0) return errno;
    *reaped_out = result == pid;
    *status_out = status;
    return 0;
}

int appex_is_stopped(int pid, int *stopped_out) {
    if (stopped_out == NULL) return EINVAL;
    siginfo_t info = { 0 };
    int result;
    do {
        result = waitid(P_PID, (id_t)pid, &info, WSTOPPED | WEXITED | WNOHANG | WNOWAIT);
    } while (result < 0 && errno == EINTR);
    if (result < 0) return errno;
    // si_pid stays 0 while the child neither stopped nor ended.
    *stopped_out = info.si_pid != 0;
    return 0;
}
