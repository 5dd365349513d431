// Tracing another process: ptrace, which Swift cannot call (it is variadic), and
// process_vm_readv; the fixture extension's attempts on the host, which every sandbox must
// refuse.
#define _GNU_SOURCE
#include "appex_system.h"

#include <errno.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

int appex_ptrace_seize(pid_t pid) {
    // PTRACE_SEIZE stops nothing: if it is ever allowed, the tracee runs on, and the
    // tracer's exit detaches it.
    if (ptrace(PTRACE_SEIZE, pid, NULL, NULL) != 0) return errno;
    return 0;
}

int appex_read_process_memory(pid_t pid, uintptr_t address, void *buffer, size_t length) {
    struct iovec local = {buffer, length};
    struct iovec remote = {(void *)address, length};
    if (process_vm_readv(pid, &local, 1, &remote, 1, 0) < 0) return errno;
    return 0;
}
