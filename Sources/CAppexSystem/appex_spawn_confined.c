// Process creation for the sandboxes: a vfork-style clone whose child sets its limits and,
// for the Landlock sandbox, confines itself (capabilities, Landlock, seccomp,
// no-new-privileges) between fork and exec, with raw system calls only, because it shares
// the parent's memory until it execs.
#define _GNU_SOURCE
#include "appex_system.h"
#include "appex_confinement.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define APPEX_SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (1UL << 5)

#ifndef CLOSE_RANGE_UNSHARE
#define CLOSE_RANGE_UNSHARE (1U << 1)
#endif

/// What the child needs, prepared by the parent; the child writes only `stage` and `err`.
struct child_plan {
    const char *path;
    char *const *argv;
    char *const *envp;
    const int *scratch;   // sources, copied above `highest`
    const int *to;
    int n;
    int highest;
    const appex_confinement *confinement;
    struct sock_fprog filter;
    /// With `confinement->watch_disk`: the disk watch's filter, and the child's end of the
    /// socket pair its listener goes back on; else -1.
    struct sock_fprog disk_filter;
    int disk_socket;
    pid_t parent;
    /// With namespaces (`confinement->max_tasks`): the lines for the user namespace's
    /// maps and the PID namespace's pid_max, and the tmpfs's mount options.
    int namespaces;
    char uid_map[32];
    char gid_map[32];
    char pid_max[16];
    char tmpfs_options[48];
    volatile int stage;
    volatile int err;
};

static int fail(struct child_plan *plan, int stage) {
    plan->stage = stage;
    plan->err = errno;
    syscall(SYS_exit_group, 127);
    return 127;
}

/// Writes `text` to the file at `path`; 0 or -1 (errno set), raw calls only.
static int write_text(const char *path, const char *text) {
    long fd = syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t length = strlen(text);
    long written = syscall(SYS_write, fd, text, length);
    int saved = errno;
    syscall(SYS_close, fd);
    if (written != (long)length) {
        errno = written < 0 ? saved : EIO;
        return -1;
    }
    return 0;
}

/// The child's namespaces, before it confines itself: its user maps itself, the PID
/// namespace it leads gets its task cap and its own /proc (the IDs of its processes and
/// threads are this namespace's, which the host's /proc does not know: bubblewrap reads
/// /proc/PID of its child, libdispatch /proc/TID), and under Landlock it mounts its /tmp
/// and lets the ruleset reach both new mounts.
///
/// The cap is pid_max: PIDs are handed out below it. Once the counter has passed 300 the
/// kernel hands out no PID under 300 again (RESERVED_PIDS), so the counter starts at 300:
/// with pid_max at 300 + N, the namespace holds at most N tasks besides PID 1, always.
static int enter_namespaces(struct child_plan *plan) {
    const appex_confinement *c = plan->confinement;
    if (write_text("/proc/self/setgroups", "deny") != 0 || write_text("/proc/self/uid_map", plan->uid_map) != 0 ||
        write_text("/proc/self/gid_map", plan->gid_map) != 0) return fail(plan, APPEX_STAGE_USER_NAMESPACE);
    if (write_text("/proc/sys/kernel/ns_last_pid", "300") != 0 || write_text("/proc/sys/kernel/pid_max", plan->pid_max) != 0)
        return fail(plan, APPEX_STAGE_TASK_LIMIT);
    // Mounts stay in this namespace (a user namespace's copy is a slave already).
    if (syscall(SYS_mount, NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        syscall(SYS_mount, "proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0)
        return fail(plan, APPEX_STAGE_MOUNTS);
    if (!c->confine) return 0;
    int err = appex_landlock_allow_path(c->ruleset_fd, c->landlock_abi, "/proc", 0);
    if (err == 0 && c->temporary_path != NULL) {
        if (syscall(SYS_mount, "tmpfs", c->temporary_path, "tmpfs", MS_NOSUID | MS_NODEV, plan->tmpfs_options) != 0)
            return fail(plan, APPEX_STAGE_MOUNTS);
        err = appex_landlock_allow_path(c->ruleset_fd, c->landlock_abi, c->temporary_path, 1);
    }
    if (err != 0) {
        errno = err;
        return fail(plan, APPEX_STAGE_MOUNTS);
    }
    return 0;
}

/// Installs the disk watch's filter and sends its listener on `plan->disk_socket` (raw
/// calls only). It comes after the namespaces' set-up, whose writes to /proc it would
/// watch: none of the child's calls after it is watched (a watched call would wait for a
/// parent that waits for the exec). Without CAP_SYS_ADMIN a filter needs no-new-privileges.
static int watch_disk(struct child_plan *plan) {
    // Once the host has taken a call, only a fatal signal interrupts its wait (Linux 6.0):
    // the host's answer is never lost to a signal, and the call never fails with EINTR.
    unsigned long flags = SECCOMP_FILTER_FLAG_NEW_LISTENER | APPEX_SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV;
    long listener = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &plan->disk_filter);
    if (listener < 0 && errno == EINVAL) {
        flags = SECCOMP_FILTER_FLAG_NEW_LISTENER;
        listener = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &plan->disk_filter);
    }
    if (listener < 0 && errno == EACCES) {
        if (syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return fail(plan, APPEX_STAGE_NO_NEW_PRIVILEGES);
        listener = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &plan->disk_filter);
    }
    if (listener < 0) return fail(plan, APPEX_STAGE_DISK_WATCH);
    char byte = 'L';
    struct iovec part = {&byte, 1};
    union {
        char buffer[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.buffer,
                             .msg_controllen = sizeof control.buffer};
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    int number = (int)listener;
    memcpy(CMSG_DATA(header), &number, sizeof number);
    long sent = syscall(SYS_sendmsg, plan->disk_socket, &message, MSG_NOSIGNAL);
    int saved = errno;
    syscall(SYS_close, listener);
    if (sent != 1) {
        errno = sent < 0 ? saved : EIO;
        return fail(plan, APPEX_STAGE_DISK_WATCH);
    }
    return 0;
}

static int child_main(void *argument) {
    struct child_plan *plan = argument;
    const appex_confinement *c = plan->confinement;

    // Default dispositions for every signal while all are still blocked (inherited from
    // the parent's thread); a zeroed kernel sigaction is SIG_DFL.
    uint64_t zero[4] = {0};
    for (int sig = 1; sig < 65; sig++) {
        if (sig == SIGKILL || sig == SIGSTOP) continue;
        syscall(SYS_rt_sigaction, sig, zero, NULL, 8);
    }
    if (syscall(SYS_setsid) < 0) return fail(plan, APPEX_STAGE_SESSION);
    // Killed if the spawning thread (which never exits) goes, as bubblewrap's
    // --die-with-parent; a parent already gone by now would not send it.
    if (syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return fail(plan, APPEX_STAGE_PARENT_DEATH);
    // In a PID namespace of its own the parent is outside it: getppid() says 0.
    if (syscall(SYS_getppid) != (plan->namespaces ? 0 : plan->parent)) {
        errno = ESRCH;
        return fail(plan, APPEX_STAGE_PARENT_DEATH);
    }
    if (plan->namespaces && enter_namespaces(plan) != 0) return 127;
    // Before the descriptor limit: the listener's number comes after the parent's
    // descriptors, which the child still has (a busy host holds more than the limit).
    if (plan->disk_socket >= 0 && watch_disk(plan) != 0) return 127;
    // No core file: it would hold the extension's memory, and a piped core_pattern hands
    // it to a collector outside the sandbox.
    struct rlimit no_core = {0, 0};
    if (syscall(SYS_prlimit64, 0, RLIMIT_CORE, &no_core, NULL) != 0) return fail(plan, APPEX_STAGE_LIMITS);
    if (c->max_open_files > 0) {
        struct rlimit files = {c->max_open_files, c->max_open_files};
        if (syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, &files, NULL) != 0) return fail(plan, APPEX_STAGE_LIMITS);
    }
    if (c->max_file_size > 0) {
        struct rlimit size = {c->max_file_size, c->max_file_size};
        if (syscall(SYS_prlimit64, 0, RLIMIT_FSIZE, &size, NULL) != 0) return fail(plan, APPEX_STAGE_LIMITS);
    }
    if (c->working_directory != NULL && syscall(SYS_chdir, c->working_directory) != 0) return fail(plan, APPEX_STAGE_DIRECTORY);

    if (c->confine) {
        // No capabilities, now or after exec: a host running as root would otherwise hand
        // them on (CAP_SYS_RESOURCE raises the limits above again). Emptying the bounding
        // set needs CAP_SETPCAP, which only such a host has; clearing the sets needs nothing.
        struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
        struct __user_cap_data_struct sets[2];
        memset(sets, 0, sizeof sets);
        if (syscall(SYS_capget, &header, sets) != 0) return fail(plan, APPEX_STAGE_CAPABILITIES);
        if (sets[0].effective & (1u << CAP_SETPCAP)) {
            for (int cap = 0; cap < 64; cap++) {
                if (syscall(SYS_prctl, PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL)
                    return fail(plan, APPEX_STAGE_CAPABILITIES);
            }
        }
        syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
        memset(sets, 0, sizeof sets);
        if (syscall(SYS_capset, &header, sets) != 0) return fail(plan, APPEX_STAGE_CAPABILITIES);

        if (syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return fail(plan, APPEX_STAGE_NO_NEW_PRIVILEGES);
        if (c->ruleset_fd >= 0 && syscall(SYS_landlock_restrict_self, c->ruleset_fd, 0) != 0)
            return fail(plan, APPEX_STAGE_LANDLOCK);
        if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &plan->filter) != 0) return fail(plan, APPEX_STAGE_SECCOMP);
    }

    // Each source sits above every target, so no placement overwrites one still to come;
    // dup2 clears close-on-exec on the copy.
    for (int i = 0; i < plan->n; i++) {
        if (syscall(SYS_dup2, plan->scratch[i], plan->to[i]) < 0) return fail(plan, APPEX_STAGE_DESCRIPTORS);
    }
    for (int fd = 3; fd <= plan->highest; fd++) {
        int mapped = 0;
        for (int i = 0; i < plan->n; i++) if (plan->to[i] == fd) mapped = 1;
        if (!mapped) syscall(SYS_close, fd);
    }
    if (syscall(SYS_close_range, plan->highest + 1, ~0U, 0) != 0) {
        for (int fd = plan->highest + 1; fd < 65536; fd++) syscall(SYS_close, fd);
    }
    uint64_t empty = 0;
    syscall(SYS_rt_sigprocmask, SIG_SETMASK, &empty, NULL, 8);
    syscall(SYS_execve, plan->path, plan->argv, plan->envp);
    return fail(plan, APPEX_STAGE_EXEC);
}

int appex_spawn_confined(const char *path, char *const argv[], char *const envp[],
                         const int *child_fds_from, const int *child_fds_to, int n,
                         const appex_confinement *confinement, pid_t *pid_out, int *stage_out, int *listener_out) {
    if (path == NULL || argv == NULL || envp == NULL || pid_out == NULL || stage_out == NULL ||
        listener_out == NULL || confinement == NULL || n < 0) return EINVAL;
    if (n > 0 && (child_fds_from == NULL || child_fds_to == NULL)) return EINVAL;
    *stage_out = APPEX_STAGE_NONE;
    *listener_out = -1;

    struct sock_filter program[APPEX_SECCOMP_MAX_INSTRUCTIONS];
    int length = 0;
    int err = appex_seccomp_filter(confinement->allow_unix_sockets, confinement->allow_network,
                                   program, APPEX_SECCOMP_MAX_INSTRUCTIONS, &length);
    if (err != 0) return err;
    struct sock_filter disk_program[APPEX_SECCOMP_MAX_INSTRUCTIONS];
    int disk_length = 0;
    if (confinement->watch_disk) {
        err = appex_disk_filter(disk_program, APPEX_SECCOMP_MAX_INSTRUCTIONS, &disk_length);
        if (err != 0) return err;
    }

    int highest = 2;
    for (int i = 0; i < n; i++) {
        if (child_fds_from[i] < 0 || child_fds_to[i] < 0) return EBADF;
        if (child_fds_to[i] > highest) highest = child_fds_to[i];
        for (int j = 0; j < i; j++) if (child_fds_to[j] == child_fds_to[i]) return EINVAL;
    }
    // Copies above every target (close-on-exec, so no other child gets them), and the
    // ruleset too, so that placing the targets cannot close it before it is enforced.
    int *scratch = calloc((size_t)n + 1, sizeof(int));
    if (scratch == NULL) return ENOMEM;
    int copied = 0;
    for (; copied < n; copied++) {
        scratch[copied] = fcntl(child_fds_from[copied], F_DUPFD_CLOEXEC, highest + 1);
        if (scratch[copied] < 0) break;
    }
    appex_confinement moved = *confinement;
    if (copied == n && confinement->ruleset_fd >= 0) {
        moved.ruleset_fd = fcntl(confinement->ruleset_fd, F_DUPFD_CLOEXEC, highest + 1);
        if (moved.ruleset_fd >= 0) scratch[n] = moved.ruleset_fd;
    }
    if (copied < n || (confinement->ruleset_fd >= 0 && moved.ruleset_fd < 0)) {
        err = errno;
        for (int j = 0; j < copied; j++) close(scratch[j]);
        free(scratch);
        return err;
    }

    // The disk watch's listener comes back on a socket pair (close-on-exec: no other child
    // gets it; the child closes its copy of the listener before it runs its program).
    int disk_sockets[2] = {-1, -1};
    if (confinement->watch_disk && socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, disk_sockets) != 0) {
        err = errno;
        for (int j = 0; j < n; j++) close(scratch[j]);
        if (moved.ruleset_fd >= 0) close(moved.ruleset_fd);
        free(scratch);
        return err;
    }
    const size_t stack_size = 256 * 1024;
    char *stack = malloc(stack_size);
    if (stack == NULL) {
        if (disk_sockets[0] >= 0) { close(disk_sockets[0]); close(disk_sockets[1]); }
        for (int j = 0; j < n; j++) close(scratch[j]);
        if (moved.ruleset_fd >= 0) close(moved.ruleset_fd);
        free(scratch);
        return ENOMEM;
    }
    struct child_plan plan = {
        .path = path, .argv = argv, .envp = envp, .scratch = scratch, .to = child_fds_to, .n = n,
        .highest = highest, .confinement = &moved,
        .filter = {.len = (unsigned short)length, .filter = program},
        .disk_filter = {.len = (unsigned short)disk_length, .filter = disk_program}, .disk_socket = disk_sockets[1],
        .parent = getpid(), .namespaces = confinement->max_tasks > 0, .stage = APPEX_STAGE_NONE, .err = 0,
    };
    int flags = CLONE_VM | CLONE_VFORK | SIGCHLD;
    if (plan.namespaces) {
        snprintf(plan.uid_map, sizeof plan.uid_map, "%u %u 1", (unsigned)geteuid(), (unsigned)geteuid());
        snprintf(plan.gid_map, sizeof plan.gid_map, "%u %u 1", (unsigned)getegid(), (unsigned)getegid());
        snprintf(plan.pid_max, sizeof plan.pid_max, "%d", 300 + confinement->max_tasks);
        snprintf(plan.tmpfs_options, sizeof plan.tmpfs_options, "size=%llu,mode=0700",
                 (unsigned long long)(confinement->temporary_size > 4096 ? confinement->temporary_size : 4096));
        flags |= CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS;
    }

    // All signals blocked across the clone: the child runs on the parent's memory and
    // must not run the parent's handlers before it has reset them.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    // CLONE_VFORK: this thread resumes once the child has exec'd or exited.
    pid_t pid = clone(child_main, stack + stack_size, flags, &plan);
    int clone_errno = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);

    free(stack);
    for (int j = 0; j < n; j++) close(scratch[j]);
    if (moved.ruleset_fd >= 0) close(moved.ruleset_fd);
    free(scratch);
    if (disk_sockets[1] >= 0) close(disk_sockets[1]);
    if (pid < 0) {
        if (disk_sockets[0] >= 0) close(disk_sockets[0]);
        return clone_errno;
    }
    if (plan.stage != APPEX_STAGE_NONE) {
        if (disk_sockets[0] >= 0) close(disk_sockets[0]);
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        *stage_out = plan.stage;
        return plan.err != 0 ? plan.err : ECHILD;
    }
    if (disk_sockets[0] >= 0) {
        // Sent before the exec this thread waited for.
        char byte;
        int listener = -1, count = 0;
        size_t received = 0;
        err = appex_recv_with_fds(disk_sockets[0], &byte, 1, &listener, 1, &count, &received);
        close(disk_sockets[0]);
        if (err == 0 && count != 1) err = EPROTO;
        if (err != 0) {
            if (listener >= 0) close(listener);
            kill(pid, SIGKILL);
            int status;
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
            *stage_out = APPEX_STAGE_DISK_WATCH;
            return err;
        }
        *listener_out = listener;
    }
    *pid_out = pid;
    return 0;
}

const char *appex_confinement_stage_name(int stage) {
    switch (stage) {
    case APPEX_STAGE_SESSION: return "setsid";
    case APPEX_STAGE_PARENT_DEATH: return "prctl(PR_SET_PDEATHSIG)";
    case APPEX_STAGE_DIRECTORY: return "chdir";
    case APPEX_STAGE_NO_NEW_PRIVILEGES: return "prctl(PR_SET_NO_NEW_PRIVS)";
    case APPEX_STAGE_LANDLOCK: return "landlock_restrict_self";
    case APPEX_STAGE_SECCOMP: return "seccomp(SECCOMP_SET_MODE_FILTER)";
    case APPEX_STAGE_DESCRIPTORS: return "placing descriptors";
    case APPEX_STAGE_EXEC: return "execve";
    case APPEX_STAGE_LIMITS: return "prlimit";
    case APPEX_STAGE_CAPABILITIES: return "dropping capabilities";
    case APPEX_STAGE_USER_NAMESPACE: return "mapping its user namespace";
    case APPEX_STAGE_TASK_LIMIT: return "capping its PID namespace's tasks";
    case APPEX_STAGE_MOUNTS: return "mounting its /proc and /tmp";
    case APPEX_STAGE_DISK_WATCH: return "installing the disk watch";
    default: return "starting";
    }
}
