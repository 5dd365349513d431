// Descriptor passing over AF_UNIX sockets: sendmsg/recvmsg with SCM_RIGHTS.
#define _GNU_SOURCE
#include "appex_system.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

int appex_send_with_fds(int sock, const void *buf, size_t len,
                        const int *fds, int nfds, size_t *sent_out) {
    if (sent_out == NULL || (len > 0 && buf == NULL) || nfds < 0) return EINVAL;
    if (nfds > APPEX_MAX_FDS_PER_MESSAGE || (nfds > 0 && fds == NULL)) return EINVAL;
    if (len == 0 && nfds > 0) return EINVAL; // descriptors need at least one byte to ride on
    *sent_out = 0;

    struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;

    union {
        struct cmsghdr align;
        char bytes[CMSG_SPACE(sizeof(int) * APPEX_MAX_FDS_PER_MESSAGE)];
    } control;
    if (nfds > 0) {
        memset(&control, 0, sizeof control);
        msg.msg_control = control.bytes;
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
        struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
        cmsg->cmsg_level = SOL_SOCKET;
        cmsg->cmsg_type = SCM_RIGHTS;
        cmsg->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
        memcpy(CMSG_DATA(cmsg), fds, sizeof(int) * (size_t)nfds);
    }

    ssize_t n;
    do {
        n = sendmsg(sock, &msg, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    if (n < 0) return errno;
    *sent_out = (size_t)n;
    return 0;
}

int appex_recv_with_fds(int sock, void *buf, size_t cap,
                        int *fds, int maxfds, int *nfds_out, size_t *received_out) {
    if (nfds_out == NULL || received_out == NULL || buf == NULL || cap == 0) return EINVAL;
    if (maxfds < 0 || (maxfds > 0 && fds == NULL)) return EINVAL;
    *nfds_out = 0;
    *received_out = 0;

    struct iovec iov = { .iov_base = buf, .iov_len = cap };
    union {
        struct cmsghdr align;
        char bytes[CMSG_SPACE(sizeof(int) * APPEX_MAX_FDS_PER_MESSAGE)];
    } control;
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.bytes;
    msg.msg_controllen = sizeof control.bytes;

    ssize_t n;
    do {
        n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    } while (n < 0 && errno == EINTR);
    if (n < 0) return errno;
    *received_out = (size_t)n;

    int result = 0;
    int stored = 0;
    for (struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg); cmsg != NULL; cmsg = CMSG_NXTHDR(&msg, cmsg)) {
        if (cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        const unsigned char *data = CMSG_DATA(cmsg);
        for (size_t i = 0; i < count; i++) {
            int fd;
            memcpy(&fd, data + i * sizeof(int), sizeof fd);
            if (stored < maxfds) {
                fds[stored++] = fd;
            } else {
                close(fd);
                result = EMSGSIZE;
            }
        }
    }
    *nfds_out = stored;
    if (msg.msg_flags & MSG_CTRUNC) return ENOBUFS;
    return result;
}

int appex_socketpair(int type, int fds_out[2]) {
    if (fds_out == NULL) return EINVAL;
    if (socketpair(AF_UNIX, type | SOCK_CLOEXEC, 0, fds_out) != 0) return errno;
    return 0;
}
