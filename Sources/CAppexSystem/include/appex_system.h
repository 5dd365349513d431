// CAppexSystem: thin C helpers for what Swift cannot express directly on Linux.
//
// Every function returns 0 on success or an errno value on failure; none aborts.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The most descriptors one message may carry (the kernel's SCM_MAX_FD).
#define APPEX_MAX_FDS_PER_MESSAGE 253

/// Sends `len` bytes of `buf` on `sock` with `nfds` descriptors attached (SCM_RIGHTS).
///
/// Writes once (MSG_NOSIGNAL); `*sent_out` receives how many bytes went out, which may be
/// fewer than `len` on a non-blocking socket. The descriptors travel with the first byte.
/// Returns 0 or an errno value (EINVAL when `nfds` exceeds APPEX_MAX_FDS_PER_MESSAGE).
int appex_send_with_fds(int sock, const void *buf, size_t len,
                        const int *fds, int nfds, size_t *sent_out);

/// Receives up to `cap` bytes from `sock` and any descriptors attached (SCM_RIGHTS).
///
/// Received descriptors are close-on-exec (MSG_CMSG_CLOEXEC). At most `maxfds` are stored in
/// `fds` and counted in `*nfds_out`; any beyond that are closed and the call returns EMSGSIZE
/// (after storing the first `maxfds`). A truncated control message (MSG_CTRUNC) returns
/// ENOBUFS. `*received_out` is the byte count; 0 with a 0 return means the peer closed.
int appex_recv_with_fds(int sock, void *buf, size_t cap,
                        int *fds, int maxfds, int *nfds_out, size_t *received_out);

/// Starts `path` with posix_spawn, placing `child_fds_from[i]` at descriptor `child_fds_to[i]`.
///
/// Only descriptors 0-2 (unless mapped over) and the mapped ones reach the child: every
/// other number from 3 up is closed in the child, even one the parent inherited without
/// close-on-exec. The signal mask is emptied and every
/// signal's disposition reset to the default. With `new_session` the child calls setsid
/// (POSIX_SPAWN_SETSID), so it leads its own process group.
int appex_spawn(const char *path, char *const argv[], char *const envp[],
                const int *child_fds_from, const int *child_fds_to, int n,
                int new_session, pid_t *pid_out);

/// The kernel's Landlock ABI version in `*abi_out`: 0 when Landlock is not built in or not
/// enabled at boot.
int appex_landlock_abi(int *abi_out);

/// Creates a Landlock ruleset for ABI `abi` that handles every file-system right the ABI
/// knows, TCP bind and connect when `confine_tcp` (ABI 4), and scopes abstract UNIX sockets
/// and signals to the sandbox (ABI 6). The close-on-exec descriptor goes to `*fd_out`.
int appex_landlock_create(int abi, int confine_tcp, int *fd_out);

/// Allows `path` and what is beneath it in `ruleset_fd`: reading and running, or with
/// `writable` everything but running (files: read, write, truncate, a device's ioctls).
int appex_landlock_allow_path(int ruleset_fd, int abi, const char *path, int writable);

/// appex_landlock_allow_path for an open descriptor (O_PATH will do).
int appex_landlock_allow_descriptor(int ruleset_fd, int abi, int fd, int writable);

/// What confines a child that appex_spawn_confined starts.
typedef struct appex_confinement {
    /// A Landlock ruleset (appex_landlock_create and its rules) the child enforces, or -1.
    int ruleset_fd;
    /// The ruleset's ABI.
    int landlock_abi;
    /// Whether the child applies no-new-privileges, drops every capability and applies the
    /// seccomp filter (the Landlock sandbox); 0 for a plain start (bubblewrap, which
    /// confines its own child).
    int confine;
    /// Whether the seccomp filter lets the child create AF_UNIX sockets.
    int allow_unix_sockets;
    /// Whether the seccomp filter lets the child create IP and netlink sockets.
    int allow_network;
    /// The child's working directory, or NULL to keep the parent's.
    const char *working_directory;
    /// RLIMIT_NOFILE (soft and hard) for the child, or 0 to keep the parent's.
    uint64_t max_open_files;
    /// When above 0, the child starts in a user namespace (the caller's user and group
    /// mapped to themselves), a mount namespace with its own /proc, and a PID namespace of
    /// its own, which it leads as PID 1, and caps the namespace's other tasks (processes
    /// and threads) at this number through the namespace's pid_max (Linux 6.14); a fork
    /// past it fails with EAGAIN. 0: none of them.
    int max_tasks;
    /// With `max_tasks` and `confine`, a directory the child mounts a tmpfs of
    /// `temporary_size` bytes on (its /tmp); NULL for none.
    const char *temporary_path;
    /// The tmpfs's size in bytes.
    uint64_t temporary_size;
    /// RLIMIT_FSIZE (soft and hard) for the child, or 0 to keep the parent's.
    uint64_t max_file_size;
    /// Whether the child installs the disk watch's filter (appex_disk_filter) last, before
    /// it runs its program, and hands its listener to the parent: every call of it and its
    /// descendants that may grow a file then waits for the parent's answer.
    int watch_disk;
} appex_confinement;

/// Where a confined child failed before running its program (`*stage_out`).
#define APPEX_STAGE_NONE 0
#define APPEX_STAGE_SESSION 1
#define APPEX_STAGE_PARENT_DEATH 2
#define APPEX_STAGE_DIRECTORY 3
#define APPEX_STAGE_NO_NEW_PRIVILEGES 5
#define APPEX_STAGE_LANDLOCK 6
#define APPEX_STAGE_SECCOMP 7
#define APPEX_STAGE_DESCRIPTORS 8
#define APPEX_STAGE_EXEC 9
#define APPEX_STAGE_LIMITS 10
#define APPEX_STAGE_CAPABILITIES 12
#define APPEX_STAGE_USER_NAMESPACE 13
#define APPEX_STAGE_TASK_LIMIT 14
#define APPEX_STAGE_MOUNTS 15
#define APPEX_STAGE_DISK_WATCH 16

/// Starts `path` in a new session, killed with the calling thread (PR_SET_PDEATHSIG), with
/// no core file (RLIMIT_CORE 0) and `confinement`'s descriptor limit; with
/// `confinement->confine`, also without capabilities (the bounding set emptied, so that a
/// root host's child does not regain them at exec), with no new privileges, `confinement`'s
/// Landlock ruleset and the seccomp filter. Descriptors are placed as appex_spawn places
/// them, every signal's disposition is the default and none is blocked.
///
/// The child sets all this up between fork and exec (a vfork-style clone: the calling thread
/// waits until it has exec'd). When it fails first, the errno is returned with the step in
/// `*stage_out` (appex_confinement_stage_name), and the child has been reaped.
///
/// With `confinement->watch_disk`, the disk watch's listener (a close-on-exec seccomp
/// notification descriptor) goes to `*listener_out`; otherwise it is set to -1.
int appex_spawn_confined(const char *path, char *const argv[], char *const envp[],
                         const int *child_fds_from, const int *child_fds_to, int n,
                         const appex_confinement *confinement, pid_t *pid_out, int *stage_out, int *listener_out);

/// The step of a confined start that `stage` names ("landlock_restrict_self").
const char *appex_confinement_stage_name(int stage);

/// The least any file, folder, link or node counts for in appex_tree_usage: one block.
#define APPEX_DISK_NAME_COST 4096

/// What a call that makes a new name is charged, wherever it makes it: its block, and as
/// much again for the room its entry takes in its folder's own blocks.
#define APPEX_DISK_NAME_CHARGE 8192

/// One call that waits for the disk watch's answer.
typedef struct appex_disk_call {
    /// The notification's ID, for the answer.
    uint64_t id;
    /// The calling thread, in the host's PID namespace.
    int32_t pid;
    /// The call's number.
    int32_t nr;
    /// Its arguments.
    uint64_t args[6];
} appex_disk_call;

/// Takes the next waiting call from `listener` (SECCOMP_IOCTL_NOTIF_RECV); ENOENT when its
/// caller was gone before it could be taken.
int appex_disk_receive(int listener, appex_disk_call *call);

/// Answers call `id`: with `error` 0 it runs as asked (SECCOMP_USER_NOTIF_FLAG_CONTINUE),
/// else it fails with that errno without running. ENOENT: the caller is gone.
int appex_disk_respond(int listener, uint64_t id, int error);

/// What `call` would add to a disk, at most, in `*bytes_out`: its byte count when it writes
/// to a regular file on a disk (not tmpfs, memfd or the kernel's files); the iovecs' sum
/// for the vectored writes; a shared writable mapping's length; APPEX_DISK_NAME_CHARGE for
/// a new name; else 0. ESRCH when the caller or its descriptor is gone.
int appex_disk_charge(const appex_disk_call *call, uint64_t *bytes_out);

/// What the tree at `root` takes on its disk, in `*bytes_out`: each file, folder, link and
/// node its allocated blocks, and at least APPEX_DISK_NAME_COST; symbolic links are not
/// followed, nor other file systems entered. A missing root holds 0.
int appex_tree_usage(const char *root, uint64_t *bytes_out);

/// Whether `first` and `second` share one address space (kcmp KCMP_VM): a thread group, or
/// a vfork-style child with its parent until it execs. `*same_out` is 1 or 0; ENOSYS on a
/// kernel without kcmp, EPERM without ptrace read access to both.
int appex_same_memory(pid_t first, pid_t second, int *same_out);

/// Opens a pidfd for `pid` (pidfd_open, close-on-exec); the descriptor goes to `*fd_out`.
int appex_pidfd_open(pid_t pid, int *fd_out);

/// Creates a close-on-exec AF_UNIX socket pair of `type` (SOCK_STREAM or SOCK_SEQPACKET).
int appex_socketpair(int type, int fds_out[2]);

/// The symbolic name of an error number ("EPIPE"), or NULL when unknown.
const char *appex_errno_name(int errnum);

/// The abbreviated name of a signal without its SIG prefix ("SEGV"), or NULL when unknown.
const char *appex_signal_abbreviation(int signum);


/// epoll's event bits (EPOLLIN, EPOLLOUT, EPOLLERR, EPOLLHUP, EPOLLRDHUP), which Swift's
/// Glibc module does not import.
#define APPEX_EVENT_IN 0x001u
#define APPEX_EVENT_OUT 0x004u
#define APPEX_EVENT_ERR 0x008u
#define APPEX_EVENT_HUP 0x010u
#define APPEX_EVENT_RDHUP 0x2000u

/// epoll_ctl operations for appex_epoll_control.
#define APPEX_EPOLL_ADD 1
#define APPEX_EPOLL_MODIFY 2
#define APPEX_EPOLL_REMOVE 3

/// Creates a close-on-exec epoll instance.
int appex_epoll_create(int *fd_out);

/// Adds, modifies or removes `fd` in `epfd` with `events` (EPOLLIN…) and a 64-bit token
/// that comes back with its readiness.
int appex_epoll_control(int epfd, int op, int fd, uint32_t events, uint64_t token);

/// Waits up to `timeout_ns` nanoseconds (-1: forever; epoll_pwait2 where the kernel has it,
/// else rounded up to milliseconds) for readiness; fills at most `capacity` (≤ 256) tokens
/// and their events and sets `*count_out` (0 on timeout). EINTR is returned as is.
int appex_epoll_wait(int epfd, uint64_t *tokens, uint32_t *events, int capacity, int64_t timeout_ns, int *count_out);

/// Creates a close-on-exec, non-blocking eventfd (counter 0) for waking a loop.
int appex_eventfd(int *fd_out);

/// Creates a pipe whose two ends are close-on-exec from the start (pipe2 with O_CLOEXEC),
/// so a child spawned by another thread meanwhile cannot inherit them.
int appex_pipe_cloexec(int *read_out, int *write_out);

/// Collects the status of child `pid` if it has ended (waitpid WNOHANG); `*reaped_out` is 1
/// when it has, with the wait status in `*status_out`.
int appex_reap(int pid, int *status_out, int *reaped_out);

/// Whether child `pid` is stopped or has ended, without collecting it (waitid WNOWAIT).
int appex_is_stopped(int pid, int *stopped_out);

/// The columns a Unicode scalar takes on a terminal (wcwidth in a UTF-8 locale): 2 for CJK,
/// 0 for combining marks, 1 for what the C library does not know.
int appex_display_width(uint32_t scalar);

/// The offset of the first `needle` in `haystack` (glibc's memmem, which Swift's Glibc
/// module does not import), or -1.
long appex_find_bytes(const uint8_t *haystack, size_t length, const uint8_t *needle, size_t needle_length);

/// Renames `from` to `to` only if `to` does not exist (renameat2 with RENAME_NOREPLACE):
/// EEXIST when it does; EINVAL or ENOSYS where the file system or kernel cannot promise it.
int appex_rename_noreplace(const char *from, const char *to);

/// Starts writing `length` bytes of `fd` from `offset` back to disk without waiting
/// (sync_file_range with SYNC_FILE_RANGE_WRITE), so that a later fsync has less to do.
/// Returns 0 or an errno.
int appex_start_writeback(int fd, long long offset, long long length);

/// Reads up to `length` bytes of `fd` at `offset` only if they need no wait for the disk
/// (preadv2 with RWF_NOWAIT): from the page cache, or not at all. Stores the count in
/// `*read_out` (which may be short of `length`: only the cached part) and returns 0, or
/// returns EAGAIN when nothing can be read without waiting, or another errno.
int appex_read_cached(int fd, void *buffer, size_t length, long long offset, long *read_out);


/// Creates a close-on-exec AF_UNIX stream socket bound to `path` and listening with `backlog`;
/// the descriptor goes to `*fd_out`. ENAMETOOLONG when `path` does not fit sun_path.
int appex_unix_listen(const char *path, int backlog, int *fd_out);

/// Connects a close-on-exec AF_UNIX stream socket to `path` (blocking; a listening socket
/// accepts into its backlog at once); the descriptor goes to `*fd_out`.
int appex_unix_connect(const char *path, int *fd_out);

/// Accepts one connection on `listener` (accept4, close-on-exec); EAGAIN when none waits
/// on a non-blocking listener.
int appex_unix_accept(int listener, int *fd_out);

/// The process id, user and group of the peer of a connected AF_UNIX socket (SO_PEERCRED),
/// as the kernel recorded them at connect, the pid translated into the caller's namespace.
int appex_peer_credentials(int sock, pid_t *pid_out, uid_t *uid_out, gid_t *gid_out);

/// Gives the open file `fd` a new name at `path` (linkat of /proc/self/fd/N with
/// AT_SYMLINK_FOLLOW), so the file outlives every other name it had. EXDEV across file systems.
int appex_link_descriptor(int fd, const char *path);

/// ptrace(PTRACE_SEIZE, pid): 0 when the kernel lets the caller trace `pid` (which is not
/// stopped), else the errno. For the fixture extension's probe of its sandbox.
int appex_ptrace_seize(pid_t pid);

/// process_vm_readv of `length` bytes at `address` in `pid` into `buffer`: 0, or the errno
/// (EPERM or ESRCH when the caller may not read that process, EFAULT when it may but the
/// address is not mapped).
int appex_read_process_memory(pid_t pid, uintptr_t address, void *buffer, size_t length);

#ifdef __cplusplus
}
#endif
