// AF_UNIX sockets at file-system paths: listen, connect, accept, and the peer's credentials.
#define _GNU_SOURCE
#include "appex_system.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <stdio.h>
#include <unistd.h>

static int appex_fill_address(const char *path, struct sockaddr_un *address) {
    if (path == NULL) return EINVAL;
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof address->sun_path) return ENAMETOOLONG;
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    memcpy(address->sun_path, path, length);
    return 0;
}

int appex_unix_listen(const char *path, int backlog, int *fd_out) {
    if (fd_out == NULL) return EINVAL;
    struct sockaddr_un address;
    int result = appex_fill_address(path, &address);
    if (result != 0) return result;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return errno;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(fd, backlog) != 0) {
        int saved = errno;
        close(fd);
        return saved;
    }
    *fd_out = fd;
    return 0;
}

int appex_unix_connect(const char *path, int *fd_out) {
    if (fd_out == NULL) return EINVAL;
    struct sockaddr_un address;
    int result = appex_fill_address(path, &address);
    if (result != 0) return result;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return errno;
    int status;
    do {
        status = connect(fd, (struct sockaddr *)&address, sizeof address);
    } while (status != 0 && errno == EINTR);
    if (status != 0) {
        int saved = errno;
        close(fd);
        return saved;
    }
    *fd_out = fd;
    return 0;
}

int appex_unix_accept(int listener, int *fd_out) {
    if (fd_out == NULL) return EINVAL;
    int fd;
    do {
        fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return errno;
    *fd_out = fd;
    return 0;
}

int appex_peer_credentials(int sock, pid_t *pid_out, uid_t *uid_out, gid_t *gid_out) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(sock, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return errno;
    if (pid_out) *pid_out = credentials.pid;
    if (uid_out) *uid_out = credentials.uid;
    if (gid_out) *gid_out = credentials.gid;
    return 0;
}

int appex_link_descriptor(int fd, const char *path) {
    char source[64];
    snprintf(source, sizeof source, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 ? 0 : errno;
}
