// The seccomp filter of the Landlock sandbox: what Landlock does not cover (sockets other
// than TCP, namespaces, tracing, kernel-wide calls), denied with an error, never a kill.
#define _GNU_SOURCE
#include "appex_system.h"
#include "appex_confinement.h"

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#if defined(__x86_64__)
#define APPEX_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define APPEX_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "the seccomp filter knows x86_64 and aarch64"
#endif

#define DENY(err) BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((err) & SECCOMP_RET_DATA))
#define ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define LOAD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, field))
// The low 32 bits of argument 0 (little-endian).
#define LOAD_ARG0 BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, args[0]))

// Calls no extension needs and that reach past its sandbox: mounts and namespaces, kernel
// modules and keys, io_uring (whose operations skip this filter), handle-based opens (which
// skip path checks). ptrace and process_vm_readv stay: Swift's backtracer reads a crashed
// extension with them, and Landlock already limits both to the sandbox's own processes.
// setsid: every process the extension starts stays in the session it leads, so the host
// finds and ends them all, orphans included, when it exits or is ended (setpgid stays:
// Foundation's Process puts its child in a group of its own, within the session).
static const long denied_calls[] = {
    SYS_setsid,

    SYS_mount, SYS_umount2, SYS_pivot_root, SYS_chroot, SYS_setns, SYS_unshare,
    SYS_kexec_load, SYS_init_module, SYS_finit_module, SYS_delete_module,
    SYS_bpf, SYS_perf_event_open, SYS_userfaultfd, SYS_keyctl, SYS_add_key, SYS_request_key,
    SYS_acct, SYS_swapon, SYS_swapoff, SYS_reboot, SYS_syslog, SYS_quotactl,
    SYS_open_by_handle_at, SYS_name_to_handle_at, SYS_fanotify_init,
#ifdef SYS_kexec_file_load
    SYS_kexec_file_load,
#endif
#ifdef SYS_io_uring_setup
    SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register,
#endif
#ifdef SYS_open_tree
    SYS_open_tree, SYS_move_mount, SYS_fsopen, SYS_fsconfig, SYS_fsmount, SYS_fspick,
#endif
#ifdef SYS_mount_setattr
    SYS_mount_setattr,
#endif
#if defined(__x86_64__)
    SYS_iopl, SYS_ioperm,
#endif
};

// The metadata calls Landlock does not check at all: left to run, a sandboxed extension
// could chmod, chown, retime or tag with xattrs any file its user owns (the user's file
// it was handed included). They do nothing and report success, because the C library's
// and Foundation's copies set the copy's mode, owner and times as a matter of course, and
// an extension's copy in its own container must not fail for it.
static const long ignored_calls[] = {
    SYS_fchmod, SYS_fchmodat, SYS_fchown, SYS_fchownat, SYS_utimensat,
    SYS_setxattr, SYS_lsetxattr, SYS_fsetxattr, SYS_removexattr, SYS_lremovexattr, SYS_fremovexattr,
#ifdef SYS_fchmodat2
    SYS_fchmodat2,
#else
    452,  // fchmodat2 (Linux 6.6)
#endif
#ifdef SYS_setxattrat
    SYS_setxattrat, SYS_removexattrat,
#else
    463, 466,  // setxattrat, removexattrat (Linux 6.13)
#endif
#if defined(__x86_64__)
    SYS_chmod, SYS_chown, SYS_lchown, SYS_utime, SYS_utimes, SYS_futimesat,
#endif
};

#define DENIED_COUNT (sizeof denied_calls / sizeof denied_calls[0])
#define IGNORED_COUNT (sizeof ignored_calls / sizeof ignored_calls[0])
#define NAMESPACE_FLAGS (CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | \
                         CLONE_NEWUTS | CLONE_NEWCGROUP)

int appex_seccomp_filter(int allow_unix_sockets, int allow_network,
                         struct sock_filter *program, int capacity, int *length_out) {
    if (program == NULL || length_out == NULL) return EINVAL;
    struct sock_filter code[APPEX_SECCOMP_MAX_INSTRUCTIONS];
    int n = 0;
#define EMIT(instruction) do { if (n >= APPEX_SECCOMP_MAX_INSTRUCTIONS) return ENOSPC; code[n++] = (struct sock_filter)instruction; } while (0)

    // Another architecture's calls (a 32-bit int 0x80 on x86_64) have other numbers.
    EMIT(LOAD(arch));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, APPEX_AUDIT_ARCH, 1, 0));
    EMIT(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
    EMIT(LOAD(nr));
#if defined(__x86_64__)
    // The x32 ABI's numbers have bit 30 set.
    EMIT(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
    EMIT(DENY(EPERM));
#endif
    for (size_t i = 0; i < DENIED_COUNT; i++) {
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)denied_calls[i], 0, 1));
        EMIT(DENY(EPERM));
    }
    for (size_t i = 0; i < IGNORED_COUNT; i++) {
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)ignored_calls[i], 0, 1));
        EMIT(DENY(0));  // not run; returns 0
    }
    // clone3's flags are behind a pointer the filter cannot read; ENOSYS makes the C
    // library fall back to clone, whose flags it can.
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1));
    EMIT(DENY(ENOSYS));
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4));
    EMIT(LOAD_ARG0);
    EMIT(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, NAMESPACE_FLAGS, 0, 1));
    EMIT(DENY(EPERM));
    EMIT(ALLOW);

    // socket(): only the families the profile allows. socketpair stays allowed: a pair
    // reaches nothing outside the process.
    int families[4];
    int family_count = 0;
    if (allow_unix_sockets) families[family_count++] = AF_UNIX;
    if (allow_network) {
        families[family_count++] = AF_INET;
        families[family_count++] = AF_INET6;
        families[family_count++] = AF_NETLINK;
    }
    EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_socket, 0, (uint8_t)(2 + 2 * family_count)));
    EMIT(LOAD_ARG0);
    for (int i = 0; i < family_count; i++) {
        EMIT(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)families[i], 0, 1));
        EMIT(ALLOW);
    }
    EMIT(DENY(EACCES));
    EMIT(ALLOW);
#undef EMIT

    if (n > capacity) return ENOSPC;
    for (int i = 0; i < n; i++) program[i] = code[i];
    *length_out = n;
    return 0;
}
