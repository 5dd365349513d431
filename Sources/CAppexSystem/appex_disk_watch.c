// The disk limit's kernel side: a seccomp filter that makes every call able to grow a file
// wait for the host (SECCOMP_RET_USER_NOTIF), the host's receiving and answering of those
// calls, what each one would add to the disk, and what a folder tree holds.
#define _GNU_SOURCE
#include "appex_system.h"
#include "appex_confinement.h"

#include <errno.h>
#include <fcntl.h>
#include <fts.h>
#include <limits.h>

#ifndef IOV_MAX
#define IOV_MAX 1024
#endif
#include <linux/audit.h>
#include <linux/falloc.h>
#include <linux/filter.h>
#include <linux/magic.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#if defined(__x86_64__)
#define WATCH_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define WATCH_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "the disk watch knows x86_64 and aarch64"
#endif

#define NOTIFY BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF)
#define RUN BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define REFUSE(err) BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((err) & SECCOMP_RET_DATA))
#define LOAD_NR BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, nr))
#define LOAD_ARCH BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, arch))
// The low 32 bits of argument `i` (little-endian).
#define LOAD_ARG(i) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, args[i]))

// The calls that write data into a descriptor's file, or make a new name (an inode, a
// directory entry) wherever it points: the host answers each.
static const long watched_calls[] = {
    SYS_write, SYS_pwrite64, SYS_writev, SYS_pwritev, SYS_pwritev2, SYS_fallocate,
    SYS_copy_file_range, SYS_sendfile, SYS_splice,
    SYS_mkdirat, SYS_mknodat, SYS_symlinkat, SYS_linkat,
#ifdef SYS_openat2
    SYS_openat2,  // its flags are behind a pointer: every call is counted as a new name
#endif
#if defined(__x86_64__)
    SYS_creat, SYS_mkdir, SYS_mknod, SYS_symlink, SYS_link,
#endif
};

// The calls whose writes would skip the filter: io_uring and the kernel's own AIO.
static const long refused_calls[] = {
#ifdef SYS_io_uring_setup
    SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register,
#endif
    SYS_io_setup, SYS_io_submit,
};

#define COUNT(array) (sizeof array / sizeof array[0])

int appex_disk_filter(struct sock_filter *program, int capacity, int *length_out) {
    if (program == NULL || length_out == NULL) return EINVAL;
    int n = 0;
#define EMIT(instruction) do { if (n >= capacity) return ENOSPC; program[n++] = (struct sock_filter)instruction; } while (0)
    // Another architecture's calls (32-bit int 0x80, x32) have other numbers: refused.
    EMIT(LOAD_ARCH);
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, WATCH_AUDIT_ARCH, 1, 0));
    EMIT(REFUSE(ENOSYS));
    EMIT(LOAD_NR);
#if defined(__x86_64__)
    EMIT(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
    EMIT(REFUSE(ENOSYS));
#endif
    for (size_t i = 0; i < COUNT(watched_calls); i++) {
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)watched_calls[i], 0, 1));
        EMIT(NOTIFY);
    }
    for (size_t i = 0; i < COUNT(refused_calls); i++) {
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)refused_calls[i], 0, 1));
        EMIT(REFUSE(ENOSYS));
    }
    // An open that may create its file is a new name; other opens are not watched.
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat, 0, 3));
    EMIT(LOAD_ARG(2));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, O_CREAT, 0, 1));
    EMIT(NOTIFY);
#if defined(__x86_64__)
    EMIT(LOAD_NR);
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_open, 0, 3));
    EMIT(LOAD_ARG(1));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, O_CREAT, 0, 1));
    EMIT(NOTIFY);
#endif
    // A shared, writable mapping of a file writes to it without a call: the length counts.
    EMIT(LOAD_NR);
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_mmap, 0, 5));
    EMIT(LOAD_ARG(3));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, MAP_SHARED, 0, 3));
    EMIT(LOAD_ARG(2));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_WRITE, 0, 1));
    EMIT(NOTIFY);
    EMIT(RUN);
#undef EMIT
    *length_out = n;
    return 0;
}

/// The kernel's sizes of the notification structures, asked once.
static int notify_sizes(size_t *request, size_t *response) {
    static struct seccomp_notif_sizes sizes;
    static int asked;
    if (!asked) {
        if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) != 0) return errno;
        asked = 1;
    }
    *request = sizes.seccomp_notif > sizeof(struct seccomp_notif) ? sizes.seccomp_notif : sizeof(struct seccomp_notif);
    *response = sizes.seccomp_notif_resp > sizeof(struct seccomp_notif_resp) ? sizes.seccomp_notif_resp
                                                                              : sizeof(struct seccomp_notif_resp);
    return 0;
}

int appex_disk_receive(int listener, appex_disk_call *call) {
    if (call == NULL) return EINVAL;
    size_t request_size, response_size;
    int err = notify_sizes(&request_size, &response_size);
    if (err != 0) return err;
    struct seccomp_notif *request = calloc(1, request_size);
    if (request == NULL) return ENOMEM;
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, request) != 0) {
        err = errno;
        free(request);
        return err;
    }
    call->id = request->id;
    call->pid = (int32_t)request->pid;
    call->nr = request->data.nr;
    for (int i = 0; i < 6; i++) call->args[i] = request->data.args[i];
    free(request);
    return 0;
}

int appex_disk_respond(int listener, uint64_t id, int error) {
    size_t request_size, response_size;
    int err = notify_sizes(&request_size, &response_size);
    if (err != 0) return err;
    struct seccomp_notif_resp *response = calloc(1, response_size);
    if (response == NULL) return ENOMEM;
    response->id = id;
    if (error == 0) {
        response->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    } else {
        response->error = -error;
    }
    err = ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, response) == 0 ? 0 : errno;
    free(response);
    return err;
}

/// Whether a file system keeps its files in memory or is the kernel's: what is written
/// there is not on a disk (tmpfs is bounded by its size, memfd and /dev/shm by memory).
static int in_memory(long type) {
    switch (type) {
    case TMPFS_MAGIC: case RAMFS_MAGIC: case PROC_SUPER_MAGIC: case SYSFS_MAGIC: case CGROUP_SUPER_MAGIC:
    case CGROUP2_SUPER_MAGIC: case HUGETLBFS_MAGIC: case BPF_FS_MAGIC: case DEBUGFS_MAGIC: case TRACEFS_MAGIC:
    case SECURITYFS_MAGIC: case DEVPTS_SUPER_MAGIC:
        return 1;
    default:
        return 0;
    }
}

/// Whether descriptor `fd` of task `pid` is a regular file on a disk: 1, 0, or -1 when
/// neither the task nor the descriptor can be found.
static int on_disk(pid_t pid, long fd) {
    if (fd < 0) return 0;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd/%ld", (int)pid, fd);
    struct stat status;
    if (stat(path, &status) != 0) return -1;
    if (!S_ISREG(status.st_mode)) return 0;
    struct statfs system;
    if (statfs(path, &system) != 0) return -1;
    return !in_memory((long)system.f_type);
}

/// The bytes the `count` iovecs at `address` in task `pid` add up to; 0 when they cannot be
/// read (the call then fails with EFAULT by itself).
static uint64_t iovec_total(pid_t pid, uint64_t address, uint64_t count) {
    if (count == 0 || count > IOV_MAX) return 0;
    struct iovec vectors[IOV_MAX];
    struct iovec local = {vectors, (size_t)count * sizeof(struct iovec)};
    struct iovec remote = {(void *)(uintptr_t)address, local.iov_len};
    if (process_vm_readv(pid, &local, 1, &remote, 1, 0) != (ssize_t)local.iov_len) return 0;
    uint64_t total = 0;
    for (uint64_t i = 0; i < count; i++) {
        uint64_t length = vectors[i].iov_len;
        total = length > UINT64_MAX - total ? UINT64_MAX : total + length;
    }
    return total;
}

int appex_disk_charge(const appex_disk_call *call, uint64_t *bytes_out) {
    if (call == NULL || bytes_out == NULL) return EINVAL;
    const uint64_t *a = call->args;
    long fd = -1;
    uint64_t bytes = 0;
    switch (call->nr) {
    case SYS_write: case SYS_pwrite64: fd = (long)(int)a[0]; bytes = a[2]; break;
    case SYS_writev: case SYS_pwritev: case SYS_pwritev2: fd = (long)(int)a[0]; bytes = UINT64_MAX; break;
    case SYS_fallocate:
        fd = (long)(int)a[0];
        bytes = (a[1] & (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_COLLAPSE_RANGE)) ? 0 : a[3];
        break;
    case SYS_copy_file_range: case SYS_splice: fd = (long)(int)a[2]; bytes = a[4]; break;
    case SYS_sendfile: fd = (long)(int)a[0]; bytes = a[3]; break;
    case SYS_mmap: fd = (long)(int)a[4]; bytes = a[1]; break;
    default:
        // A new name, wherever it is made.
        *bytes_out = APPEX_DISK_NAME_CHARGE;
        return 0;
    }
    int disk = on_disk(call->pid, fd);
    if (disk < 0) return ESRCH;
    if (disk == 0 || bytes == 0) {
        *bytes_out = 0;
        return 0;
    }
    if (bytes == UINT64_MAX) bytes = iovec_total(call->pid, a[1], a[2]);
    *bytes_out = bytes;
    return 0;
}

int appex_tree_usage(const char *root, uint64_t *bytes_out) {
    if (root == NULL || bytes_out == NULL) return EINVAL;
    *bytes_out = 0;
    struct stat status;
    if (lstat(root, &status) != 0) return errno == ENOENT ? 0 : errno;
    char *roots[] = {(char *)root, NULL};
    FTS *walk = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR | FTS_XDEV, NULL);
    if (walk == NULL) return errno;
    uint64_t total = 0;
    FTSENT *entry;
    while ((entry = fts_read(walk)) != NULL) {
        switch (entry->fts_info) {
        case FTS_DP: case FTS_DNR: case FTS_ERR: case FTS_NS: case FTS_NSOK:
            continue;  // a folder counted on the way in; what cannot be read
        default: {
            uint64_t used = (uint64_t)entry->fts_statp->st_blocks * 512;
            total += used > APPEX_DISK_NAME_COST ? used : APPEX_DISK_NAME_COST;
        }
        }
    }
    int err = errno;
    fts_close(walk);
    *bytes_out = total;
    return err == 0 || err == ENOENT ? 0 : err;
}
