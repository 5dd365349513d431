// What the Landlock sandbox's C files share: the kernel's Landlock interface, spelled out
// because the build machine's <linux/landlock.h> may predate the running kernel's ABI, and
// the seccomp filter's builder.
#pragma once

#include <linux/filter.h>
#include <stdint.h>

/// The most instructions the seccomp filter takes.
#define APPEX_SECCOMP_MAX_INSTRUCTIONS 256

/// Builds the Landlock sandbox's seccomp filter into `program` (room for `capacity`
/// instructions): AF_UNIX sockets only with `allow_unix_sockets`, IP and netlink sockets
/// only with `allow_network`. ENOSPC when it does not fit.
int appex_seccomp_filter(int allow_unix_sockets, int allow_network,
                         struct sock_filter *program, int capacity, int *length_out);

/// The disk watch's seccomp filter (into `program`, room for `capacity` instructions):
/// the calls that may grow a file wait for the listener (write-family calls, fallocate,
/// copy_file_range, sendfile, splice, opens with O_CREAT, new folders, nodes and links,
/// shared writable mappings); io_uring and the kernel's AIO, whose writes would skip it,
/// and other architectures' calls are refused (ENOSYS).
int appex_disk_filter(struct sock_filter *program, int capacity, int *length_out);

/// The file-system rights Landlock ABI `abi` knows (all handled by Appex's rulesets).
uint64_t appex_landlock_handled_fs(int abi);

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

#define APPEX_LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#define APPEX_LANDLOCK_RULE_PATH_BENEATH 1

#define APPEX_LANDLOCK_ACCESS_FS_EXECUTE (1ULL << 0)
#define APPEX_LANDLOCK_ACCESS_FS_WRITE_FILE (1ULL << 1)
#define APPEX_LANDLOCK_ACCESS_FS_READ_FILE (1ULL << 2)
#define APPEX_LANDLOCK_ACCESS_FS_READ_DIR (1ULL << 3)
#define APPEX_LANDLOCK_ACCESS_FS_MAKE_SYM (1ULL << 12)
#define APPEX_LANDLOCK_ACCESS_FS_REFER (1ULL << 13)
#define APPEX_LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#define APPEX_LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)

#define APPEX_LANDLOCK_ACCESS_NET_BIND_TCP (1ULL << 0)
#define APPEX_LANDLOCK_ACCESS_NET_CONNECT_TCP (1ULL << 1)

#define APPEX_LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define APPEX_LANDLOCK_SCOPE_SIGNAL (1ULL << 1)

/// struct landlock_ruleset_attr as of ABI 6; older kernels take a prefix of it.
struct appex_landlock_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

/// struct landlock_path_beneath_attr (packed in the kernel's header).
struct __attribute__((packed)) appex_landlock_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
};
