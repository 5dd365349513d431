// A FUSE file system served from Swift on Appex's own event loop (docs/STORAGE-PROVIDERS.md).
//
// libfuse's low-level operations all arrive through one handler, each as an
// `appex_fuse_request`; the handler must not block: it hands the request on, and the
// reply comes later, from any thread, through the appex_fuse_reply_* calls. The session's
// descriptor is served by `appex_fuse_serve_ready` whenever epoll says it is readable.
#ifndef APPEX_CFUSE_BRIDGE_H
#define APPEX_CFUSE_BRIDGE_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>

typedef enum {
    APPEX_FUSE_LOOKUP = 1, APPEX_FUSE_FORGET, APPEX_FUSE_GETATTR, APPEX_FUSE_SETATTR, APPEX_FUSE_MKDIR,
    APPEX_FUSE_UNLINK, APPEX_FUSE_RMDIR, APPEX_FUSE_RENAME, APPEX_FUSE_OPEN, APPEX_FUSE_READ, APPEX_FUSE_WRITE,
    APPEX_FUSE_FLUSH, APPEX_FUSE_RELEASE, APPEX_FUSE_FSYNC, APPEX_FUSE_OPENDIR, APPEX_FUSE_READDIR,
    APPEX_FUSE_RELEASEDIR, APPEX_FUSE_STATFS, APPEX_FUSE_CREATE, APPEX_FUSE_MKNOD, APPEX_FUSE_SYMLINK,
    APPEX_FUSE_LINK, APPEX_FUSE_DESTROY,
} appex_fuse_kind;

// What set-attributes asks to change (FUSE_SET_ATTR_*).
enum {
    APPEX_FUSE_SET_MODE = 1 << 0, APPEX_FUSE_SET_UID = 1 << 1, APPEX_FUSE_SET_GID = 1 << 2,
    APPEX_FUSE_SET_SIZE = 1 << 3, APPEX_FUSE_SET_ATIME = 1 << 4, APPEX_FUSE_SET_MTIME = 1 << 5,
};

/// One request: the fields its kind uses are set, the others are zero.
typedef struct {
    appex_fuse_kind kind;
    void *request;            // fuse_req_t; NULL for forget and destroy, which take no reply
    uint64_t inode;           // the node (the folder, for lookup, mkdir, unlink, rmdir, rename, create)
    const char *name;         // lookup, mkdir, unlink, rmdir, rename, create: valid only during the handler
    uint64_t new_parent;      // rename
    const char *new_name;     // rename: valid only during the handler
    unsigned int flags;       // rename's RENAME_*; open's and create's O_* flags
    uint32_t mode;            // mkdir, create, setattr
    uint64_t size;            // read, readdir: bytes asked; setattr: the new size; forget: the lookups dropped
    int64_t offset;           // read, write, readdir
    uint64_t handle;          // the open file's or folder's handle
    int has_handle;           // whether `handle` is set (setattr, getattr)
    const char *data;         // write: valid only during the handler
    int to_set;               // setattr: APPEX_FUSE_SET_*
} appex_fuse_request;

typedef void (*appex_fuse_handler)(void *context, const appex_fuse_request *request);

/// A node's attributes for a reply.
typedef struct {
    uint64_t inode;
    uint32_t mode;            // S_IFDIR | 0755, S_IFREG | 0644, …
    uint32_t link_count;
    uint64_t size;
    int64_t modified_seconds;
    int64_t modified_nanoseconds;
    int64_t created_seconds;
    uint32_t uid;
    uint32_t gid;
} appex_fuse_attributes;

typedef struct appex_fuse appex_fuse;

/// A new session mounted at `mountpoint` with libfuse's `-o` `options` (comma-separated);
/// NULL on failure, with `error` holding libfuse's words or the system's (`error_size` bytes).
appex_fuse *appex_fuse_mount(const char *mountpoint, const char *options, appex_fuse_handler handler, void *context,
                             char *error, size_t error_size);
/// The descriptor to watch for readability.
int appex_fuse_descriptor(appex_fuse *fuse);
/// Reads and handles what the kernel sent; 0 when served or nothing was there, -errno when the
/// session is over (ENODEV: unmounted) or failed.
int appex_fuse_serve_ready(appex_fuse *fuse);
/// Asks the kernel to forget what it cached of `inode` (its attributes, its pages), or of the
/// entry `name` in `parent`. Blocking: not on the loop's thread, nor in a request's handler.
int appex_fuse_invalidate_inode(appex_fuse *fuse, uint64_t inode);
int appex_fuse_invalidate_entry(appex_fuse *fuse, uint64_t parent, const char *name);
/// Unmounts (if still mounted) and frees the session.
void appex_fuse_unmount_and_free(appex_fuse *fuse);

// Replies: each request gets exactly one; each returns 0 or -errno (the caller is gone).
int appex_fuse_reply_error(void *request, int error);
int appex_fuse_reply_none(void *request);
int appex_fuse_reply_entry(void *request, const appex_fuse_attributes *attributes, double timeout);
int appex_fuse_reply_attributes(void *request, const appex_fuse_attributes *attributes, double timeout);
int appex_fuse_reply_open(void *request, uint64_t handle, int direct_io, int keep_cache);
int appex_fuse_reply_create(void *request, const appex_fuse_attributes *attributes, double timeout, uint64_t handle,
                            int direct_io);
int appex_fuse_reply_bytes(void *request, const void *bytes, size_t count);
/// Answers a read with up to `count` bytes of `descriptor` from `offset`, read by libfuse
/// (spliced where the kernel allows): the bytes never pass through the caller.
int appex_fuse_reply_file_range(void *request, int descriptor, int64_t offset, size_t count);
int appex_fuse_reply_written(void *request, size_t count);
int appex_fuse_reply_statfs(void *request, uint64_t blocks, uint64_t free_blocks, uint64_t files);
/// Adds one folder entry to `buffer` (the reply of a readdir of `size` bytes); how many bytes
/// the entry needs, which may be more than `space` (then nothing was added).
size_t appex_fuse_add_entry(void *request, char *buffer, size_t space, const char *name, uint64_t inode, uint32_t mode,
                            int64_t next_offset);

#endif
