// Landlock rulesets: the kernel's own file-system, network and scope restrictions, built by
// the parent before a confined child starts (docs/HOST.md, "The Landlock sandbox").
#define _GNU_SOURCE
#include "appex_system.h"
#include "appex_confinement.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int appex_landlock_abi(int *abi_out) {
    if (abi_out == NULL) return EINVAL;
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, APPEX_LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 0) {
        // ENOSYS: not built into the kernel; EOPNOTSUPP: built in but not enabled at boot.
        if (errno == ENOSYS || errno == EOPNOTSUPP) {
            *abi_out = 0;
            return 0;
        }
        return errno;
    }
    *abi_out = (int)abi;
    return 0;
}

uint64_t appex_landlock_handled_fs(int abi) {
    if (abi < 1) return 0;
    uint64_t handled = (APPEX_LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1;  // ABI 1: bits 0-12
    if (abi >= 2) handled |= APPEX_LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) handled |= APPEX_LANDLOCK_ACCESS_FS_TRUNCATE;
    if (abi >= 5) handled |= APPEX_LANDLOCK_ACCESS_FS_IOCTL_DEV;
    return handled;
}

int appex_landlock_create(int abi, int confine_tcp, int *fd_out) {
    if (fd_out == NULL || abi < 1) return EINVAL;
    struct appex_landlock_ruleset_attr attr = {0};
    attr.handled_access_fs = appex_landlock_handled_fs(abi);
    size_t size = sizeof(uint64_t);
    if (abi >= 4) {
        if (confine_tcp) attr.handled_access_net = APPEX_LANDLOCK_ACCESS_NET_BIND_TCP | APPEX_LANDLOCK_ACCESS_NET_CONNECT_TCP;
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attr.scoped = APPEX_LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | APPEX_LANDLOCK_SCOPE_SIGNAL;
        size = sizeof attr;
    }
    long fd = syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (fd < 0) return errno;
    *fd_out = (int)fd;  // a ruleset descriptor is close-on-exec
    return 0;
}

/// The rights a rule grants: read and run for read-only paths; for writable directories
/// everything but running what was written there; for writable files reading, writing,
/// truncating, and a device's ioctls.
static uint64_t rights_for(uint64_t handled, int is_directory, int is_device, int writable) {
    const uint64_t file_read = APPEX_LANDLOCK_ACCESS_FS_EXECUTE | APPEX_LANDLOCK_ACCESS_FS_READ_FILE;
    uint64_t rights;
    if (!writable) {
        rights = file_read | (is_directory ? APPEX_LANDLOCK_ACCESS_FS_READ_DIR : 0);
    } else if (is_directory) {
        rights = handled & ~APPEX_LANDLOCK_ACCESS_FS_EXECUTE;
    } else {
        rights = APPEX_LANDLOCK_ACCESS_FS_READ_FILE | APPEX_LANDLOCK_ACCESS_FS_WRITE_FILE |
                 APPEX_LANDLOCK_ACCESS_FS_TRUNCATE | (is_device ? APPEX_LANDLOCK_ACCESS_FS_IOCTL_DEV : 0);
    }
    return rights & handled;
}

int appex_landlock_allow_descriptor(int ruleset_fd, int abi, int fd, int writable) {
    struct stat info;
    if (fstat(fd, &info) != 0) return errno;
    struct appex_landlock_path_beneath_attr rule = {
        .allowed_access = rights_for(appex_landlock_handled_fs(abi), S_ISDIR(info.st_mode),
                                     S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode), writable),
        .parent_fd = fd,
    };
    if (syscall(SYS_landlock_add_rule, ruleset_fd, APPEX_LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) return errno;
    return 0;
}

int appex_landlock_allow_path(int ruleset_fd, int abi, const char *path, int writable) {
    if (path == NULL) return EINVAL;
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return errno;
    int err = appex_landlock_allow_descriptor(ruleset_fd, abi, fd, writable);
    close(fd);
    return err;
}
