// The FUSE bridge: libfuse's low-level operations turned into one handler call each, and
// the replies Swift sends later (CFUSEBridge.h).
#define FUSE_USE_VERSION 35
#include "CFUSEBridge.h"

#include <errno.h>
#include <fcntl.h>
#include <fuse_lowlevel.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct appex_fuse {
    struct fuse_session *session;
    appex_fuse_handler handler;
    void *context;
    struct fuse_buf buffer;
    int mounted;
};

// libfuse says what went wrong through its log; the last message is kept for the error.
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static char last_log[512];

static void keep_log(enum fuse_log_level level, const char *format, va_list args) {
    (void)level;
    pthread_mutex_lock(&log_lock);
    vsnprintf(last_log, sizeof last_log, format, args);
    size_t length = strlen(last_log);
    while (length > 0 && (last_log[length - 1] == '\n' || last_log[length - 1] == ' ')) last_log[--length] = 0;
    pthread_mutex_unlock(&log_lock);
}

static void deliver(fuse_req_t req, appex_fuse_request *request) {
    appex_fuse *fuse = fuse_req_userdata(req);
    request->request = req;
    fuse->handler(fuse->context, request);
}

static void op_init(void *userdata, struct fuse_conn_info *conn) {
    (void)userdata;
    if (conn->capable & FUSE_CAP_SPLICE_WRITE) conn->want |= FUSE_CAP_SPLICE_WRITE;
    if (conn->capable & FUSE_CAP_SPLICE_MOVE) conn->want |= FUSE_CAP_SPLICE_MOVE;
    // Writes are applied as they come; the page cache must not hold them back.
    conn->want &= ~FUSE_CAP_WRITEBACK_CACHE;
}

static void op_lookup(fuse_req_t req, fuse_ino_t parent, const char *name) {
    appex_fuse_request r = { .kind = APPEX_FUSE_LOOKUP, .inode = parent, .name = name };
    deliver(req, &r);
}

static void op_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup) {
    appex_fuse *fuse = fuse_req_userdata(req);
    appex_fuse_request r = { .kind = APPEX_FUSE_FORGET, .inode = ino, .size = nlookup };
    fuse->handler(fuse->context, &r);
    fuse_reply_none(req);
}

static void op_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi) {
    appex_fuse_request r = { .kind = APPEX_FUSE_GETATTR, .inode = ino, .handle = fi ? fi->fh : 0, .has_handle = fi != NULL };
    deliver(req, &r);
}

static void op_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr, int to_set, struct fuse_file_info *fi) {
    int set = 0;
    if (to_set & FUSE_SET_ATTR_MODE) set |= APPEX_FUSE_SET_MODE;
    if (to_set & FUSE_SET_ATTR_UID) set |= APPEX_FUSE_SET_UID;
    if (to_set & FUSE_SET_ATTR_GID) set |= APPEX_FUSE_SET_GID;
    if (to_set & FUSE_SET_ATTR_SIZE) set |= APPEX_FUSE_SET_SIZE;
    if (to_set & (FUSE_SET_ATTR_ATIME | FUSE_SET_ATTR_ATIME_NOW)) set |= APPEX_FUSE_SET_ATIME;
    if (to_set & (FUSE_SET_ATTR_MTIME | FUSE_SET_ATTR_MTIME_NOW)) set |= APPEX_FUSE_SET_MTIME;
    appex_fuse_request r = { .kind = APPEX_FUSE_SETATTR, .inode = ino, .to_set = set, .mode = attr->st_mode,
                             .size = (uint64_t)attr->st_size, .handle = fi ? fi->fh : 0, .has_handle = fi != NULL };
    deliver(req, &r);
}

static void op_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode) {
    appex_fuse_request r = { .kind = APPEX_FUSE_MKDIR, .inode = parent, .name = name, .mode = mode };
    deliver(req, &r);
}

static void op_mknod(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, dev_t rdev) {
    (void)rdev;
    appex_fuse_request r = { .kind = APPEX_FUSE_MKNOD, .inode = parent, .name = name, .mode = mode };
    deliver(req, &r);
}

static void op_symlink(fuse_req_t req, const char *link, fuse_ino_t parent, const char *name) {
    (void)link;
    appex_fuse_request r = { .kind = APPEX_FUSE_SYMLINK, .inode = parent, .name = name };
    deliver(req, &r);
}

static void op_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent, const char *newname) {
    appex_fuse_request r = { .kind = APPEX_FUSE_LINK, .inode = ino, .new_parent = newparent, .new_name = newname };
    deliver(req, &r);
}

static void op_unlink(fuse_req_t req, fuse_ino_t parent, const char *name) {
    appex_fuse_request r = { .kind = APPEX_FUSE_UNLINK, .inode = parent, .name = name };
    deliver(req, &r);
}

static void op_rmdir(fuse_req_t req, fuse_ino_t parent, const char *name) {
    appex_fuse_request r = { .kind = APPEX_FUSE_RMDIR, .inode = parent, .name = name };
    deliver(req, &r);
}

static void op_rename(fuse_req_t req, fuse_ino_t parent, const char *name, fuse_ino_t newparent, const char *newname,
                      unsigned int flags) {
    appex_fuse_request r = { .kind = APPEX_FUSE_RENAME, .inode = parent, .name = name, .new_parent = newparent,
                             .new_name = newname, .flags = flags };
    deliver(req, &r);
}

static void op_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi) {
    appex_fuse_request r = { .kind = APPEX_FUSE_OPEN, .inode = ino, .flags = (unsigned int)fi->flags };
    deliver(req, &r);
}

static void op_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi) {
    appex_fuse_request r = { .kind = APPEX_FUSE_READ, .inode = ino, .size = size, .offset = off, .handle = fi->fh, .has_handle = 1 };
    deliver(req, &r);
}

static void op_write(fuse_req_t req, fuse_ino_t ino, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    appex_fuse_request r = { .kind = APPEX_FUSE_WRITE, .inode = ino, .data = buf, .size = size, .offset = off,
                             .handle = fi->fh, .has_handle = 1 };
    deliver(req, &r);
}

static void op_flush(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi) {
    appex_fuse_request r = { .kind = APPEX_FUSE_FLUSH, .inode = ino, .handle = fi->fh, .has_handle = 1 };
    deliver(req, &r);
}

static void op_release(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi) {
    appex_fuse_request r = { .kind = APPEX_FUSE_RELEASE, .inode = ino, .handle = fi->fh, .has_handle = 1,
                             .flags = (unsigned int)fi->flags };
    deliver(req, &r);
}

static void op_fsync(fuse_req_t req, fuse_ino_t ino, int datasync, struct fuse_file_info *fi) {
    (void)datasync;
    appex_fuse_request r = { .kind = APPEX_FUSE_FSYNC, .inode = ino, .handle = fi->fh, .has_handle = 1 };
    deliver(req, &r);
}

static void op_opendir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi) {
    (void)fi;
    appex_fuse_request r = { .kind = APPEX_FUSE_OPENDIR, .inode = ino };
    deliver(req, &r);
}

static void op_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi) {
    appex_fuse_request r = { .kind = APPEX_FUSE_READDIR, .inode = ino, .size = size, .offset = off, .handle = fi->fh,
                             .has_handle = 1 };
    deliver(req, &r);
}

static void op_releasedir(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi) {
    appex_fuse_request r = { .kind = APPEX_FUSE_RELEASEDIR, .inode = ino, .handle = fi->fh, .has_handle = 1 };
    deliver(req, &r);
}

static void op_statfs(fuse_req_t req, fuse_ino_t ino) {
    appex_fuse_request r = { .kind = APPEX_FUSE_STATFS, .inode = ino };
    deliver(req, &r);
}

static void op_create(fuse_req_t req, fuse_ino_t parent, const char *name, mode_t mode, struct fuse_file_info *fi) {
    appex_fuse_request r = { .kind = APPEX_FUSE_CREATE, .inode = parent, .name = name, .mode = mode,
                             .flags = (unsigned int)fi->flags };
    deliver(req, &r);
}

static const struct fuse_lowlevel_ops operations = {
    .init = op_init, .lookup = op_lookup, .forget = op_forget, .getattr = op_getattr, .setattr = op_setattr,
    .mknod = op_mknod, .mkdir = op_mkdir, .unlink = op_unlink, .rmdir = op_rmdir, .symlink = op_symlink,
    .rename = op_rename, .link = op_link, .open = op_open, .read = op_read, .write = op_write, .flush = op_flush,
    .release = op_release, .fsync = op_fsync, .opendir = op_opendir, .readdir = op_readdir,
    .releasedir = op_releasedir, .statfs = op_statfs, .create = op_create,
};

appex_fuse *appex_fuse_mount(const char *mountpoint, const char *options, appex_fuse_handler handler, void *context,
                             char *error, size_t error_size) {
    fuse_set_log_func(keep_log);
    appex_fuse *fuse = calloc(1, sizeof *fuse);
    if (!fuse) { snprintf(error, error_size, "out of memory"); return NULL; }
    fuse->handler = handler;
    fuse->context = context;
    char *argv[] = { "appex", "-o", (char *)options, NULL };
    struct fuse_args args = FUSE_ARGS_INIT(3, argv);
    pthread_mutex_lock(&log_lock);
    last_log[0] = 0;
    pthread_mutex_unlock(&log_lock);
    fuse->session = fuse_session_new(&args, &operations, sizeof operations, fuse);
    if (!fuse->session) {
        pthread_mutex_lock(&log_lock);
        snprintf(error, error_size, "%s", last_log[0] ? last_log : "libfuse refused the options");
        pthread_mutex_unlock(&log_lock);
        free(fuse);
        return NULL;
    }
    if (fuse_session_mount(fuse->session, mountpoint) != 0) {
        pthread_mutex_lock(&log_lock);
        snprintf(error, error_size, "%s", last_log[0] ? last_log : "the mount failed");
        pthread_mutex_unlock(&log_lock);
        fuse_session_destroy(fuse->session);
        free(fuse);
        return NULL;
    }
    fuse->mounted = 1;
    int fd = fuse_session_fd(fuse->session);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fuse;
}

int appex_fuse_descriptor(appex_fuse *fuse) {
    return fuse_session_fd(fuse->session);
}

int appex_fuse_serve_ready(appex_fuse *fuse) {
    for (int round = 0; round < 64; round++) {
        int result = fuse_session_receive_buf(fuse->session, &fuse->buffer);
        if (result == -EINTR || result == -EAGAIN || result == -ENOENT) return 0;
        if (result < 0) return result;
        if (result == 0 || fuse_session_exited(fuse->session)) return -ENODEV;
        fuse_session_process_buf(fuse->session, &fuse->buffer);
    }
    return 0;
}

int appex_fuse_invalidate_inode(appex_fuse *fuse, uint64_t inode) {
    return fuse_lowlevel_notify_inval_inode(fuse->session, inode, 0, 0);
}

int appex_fuse_invalidate_entry(appex_fuse *fuse, uint64_t parent, const char *name) {
    return fuse_lowlevel_notify_inval_entry(fuse->session, parent, name, strlen(name));
}

void appex_fuse_unmount_and_free(appex_fuse *fuse) {
    if (!fuse) return;
    if (fuse->mounted) fuse_session_unmount(fuse->session);
    fuse_session_destroy(fuse->session);
    free(fuse->buffer.mem);
    free(fuse);
}

static void fill(struct stat *st, const appex_fuse_attributes *a) {
    memset(st, 0, sizeof *st);
    st->st_ino = a->inode;
    st->st_mode = a->mode;
    st->st_nlink = a->link_count;
    st->st_size = (off_t)a->size;
    st->st_blocks = (blkcnt_t)((a->size + 511) / 512);
    st->st_blksize = 4096;
    st->st_uid = a->uid;
    st->st_gid = a->gid;
    st->st_mtim.tv_sec = a->modified_seconds;
    st->st_mtim.tv_nsec = a->modified_nanoseconds;
    st->st_ctim = st->st_mtim;
    st->st_atim = st->st_mtim;
}

int appex_fuse_reply_error(void *request, int error) { return fuse_reply_err(request, error); }

int appex_fuse_reply_none(void *request) { fuse_reply_none(request); return 0; }

int appex_fuse_reply_entry(void *request, const appex_fuse_attributes *attributes, double timeout) {
    struct fuse_entry_param entry;
    memset(&entry, 0, sizeof entry);
    entry.ino = attributes->inode;
    entry.generation = 1;
    fill(&entry.attr, attributes);
    entry.attr_timeout = timeout;
    entry.entry_timeout = timeout;
    return fuse_reply_entry(request, &entry);
}

int appex_fuse_reply_attributes(void *request, const appex_fuse_attributes *attributes, double timeout) {
    struct stat st;
    fill(&st, attributes);
    return fuse_reply_attr(request, &st, timeout);
}

int appex_fuse_reply_open(void *request, uint64_t handle, int direct_io, int keep_cache) {
    struct fuse_file_info fi;
    memset(&fi, 0, sizeof fi);
    fi.fh = handle;
    fi.direct_io = direct_io ? 1 : 0;
    fi.keep_cache = keep_cache ? 1 : 0;
    return fuse_reply_open(request, &fi);
}

int appex_fuse_reply_create(void *request, const appex_fuse_attributes *attributes, double timeout, uint64_t handle,
                            int direct_io) {
    struct fuse_entry_param entry;
    memset(&entry, 0, sizeof entry);
    entry.ino = attributes->inode;
    entry.generation = 1;
    fill(&entry.attr, attributes);
    entry.attr_timeout = timeout;
    entry.entry_timeout = timeout;
    struct fuse_file_info fi;
    memset(&fi, 0, sizeof fi);
    fi.fh = handle;
    fi.direct_io = direct_io ? 1 : 0;
    return fuse_reply_create(request, &entry, &fi);
}

int appex_fuse_reply_bytes(void *request, const void *bytes, size_t count) {
    return fuse_reply_buf(request, bytes, count);
}

int appex_fuse_reply_file_range(void *request, int descriptor, int64_t offset, size_t count) {
    struct fuse_bufvec vector = FUSE_BUFVEC_INIT(count);
    vector.buf[0].flags = FUSE_BUF_IS_FD | FUSE_BUF_FD_SEEK;
    vector.buf[0].fd = descriptor;
    vector.buf[0].pos = offset;
    return fuse_reply_data(request, &vector, FUSE_BUF_SPLICE_MOVE);
}

int appex_fuse_reply_written(void *request, size_t count) { return fuse_reply_write(request, count); }

int appex_fuse_reply_statfs(void *request, uint64_t blocks, uint64_t free_blocks, uint64_t files) {
    struct statvfs st;
    memset(&st, 0, sizeof st);
    st.f_bsize = 4096;
    st.f_frsize = 4096;
    st.f_blocks = blocks;
    st.f_bfree = free_blocks;
    st.f_bavail = free_blocks;
    st.f_files = files;
    st.f_namemax = 255;
    return fuse_reply_statfs(request, &st);
}

size_t appex_fuse_add_entry(void *request, char *buffer, size_t space, const char *name, uint64_t inode, uint32_t mode,
                            int64_t next_offset) {
    struct stat st;
    memset(&st, 0, sizeof st);
    st.st_ino = inode;
    st.st_mode = mode;
    return fuse_add_direntry(request, buffer, space, name, &st, next_offset);
}
