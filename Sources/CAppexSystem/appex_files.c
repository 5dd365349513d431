// File operations glibc declares only as GNU extensions.
#define _GNU_SOURCE
#include "appex_system.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int appex_rename_noreplace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0 ? 0 : errno;
}

int appex_start_writeback(int fd, long long offset, long long length) {
    return sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE) == 0 ? 0 : errno;
}
