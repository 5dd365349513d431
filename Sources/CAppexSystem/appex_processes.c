// Comparing two processes: kcmp, which Swift cannot call (it is variadic).
#define _GNU_SOURCE
#include "appex_system.h"

#include <errno.h>
#include <linux/kcmp.h>
#include <sys/syscall.h>
#include <unistd.h>

int appex_same_memory(pid_t first, pid_t second, int *same_out) {
    if (same_out == NULL) return EINVAL;
    long order = syscall(SYS_kcmp, first, second, KCMP_VM, 0, 0);
    if (order < 0) return errno;
    *same_out = order == 0;
    return 0;
}
