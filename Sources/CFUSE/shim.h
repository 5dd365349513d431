// libfuse 3's low-level API (Debian libfuse3-dev), as of version 3.5's interface.
#define FUSE_USE_VERSION 35
#include <fuse_lowlevel.h>
