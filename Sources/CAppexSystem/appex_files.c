// File operations glibc declares only as GNU extensions.
#define _GNU_SOURCE
#include "appex_system.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/uio.h>

int appex_rename_noreplace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0 ? 0 : errno;
}

int appex_start_writeback(int fd, long long offset, long long length) {
    return sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE) == 0 ? 0 : errno;
}

int appex_read_cached(int fd, void *buffer, size_t length, long long offset, long *read_out) {
    struct iovec span = { .iov_base = buffer, .iov_len = length };
    ssize_t count = preadv2(fd, &span, 1, offset, RWF_NOWAIT);
    if (count < 0) return errno;
    *read_out = (long)count;
    return 0;
}
