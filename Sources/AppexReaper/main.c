// appex-reaper: ends the Landlock sandboxes of a host that died without ending them.
//
// A Landlock extension's parent-death signal belongs to the thread that was started: an
// extension that execs from another thread, or forks, is not signalled when its host is
// killed with -9 (docs/HOST.md, "The sandboxes"). So a host starts one reaper, the first
// time it starts an extension under Landlock, with a socket on the reaper's standard
// input, and writes "+SID\n" for each such extension (each leads a session of its own,
// and the seccomp filter refuses setsid, so every descendant stays in it) and "-SID\n"
// once it has reaped it. When the stream ends — the host exited, or was killed — every process
// still in a session written and not taken back is killed, and the reaper exits.
//
// C rather than Swift: it must start in a millisecond, hold nothing, and link nothing.
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pid_t *sessions = NULL;
static size_t count = 0, capacity = 0;

static void add(pid_t session) {
    if (count == capacity) {
        size_t grown = capacity ? capacity * 2 : 64;
        pid_t *bigger = realloc(sessions, grown * sizeof *sessions);
        if (bigger == NULL) return;
        sessions = bigger;
        capacity = grown;
    }
    sessions[count++] = session;
}

static void removeSession(pid_t session) {
    for (size_t i = 0; i < count; i++) {
        if (sessions[i] == session) {
            sessions[i] = sessions[--count];
            return;
        }
    }
}

static int watched(pid_t session) {
    for (size_t i = 0; i < count; i++) if (sessions[i] == session) return 1;
    return 0;
}

// The session of `pid`, from /proc/PID/stat (the fourth field after the command's ')');
// -1 for a zombie or a process gone.
static pid_t sessionOf(const char *pid) {
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    FILE *file = fopen(path, "re");
    if (file == NULL) return -1;
    size_t length = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[length] = 0;
    char *end = strrchr(text, ')');
    if (end == NULL) return -1;
    char state;
    int parent, group, session;
    if (sscanf(end + 1, " %c %d %d %d", &state, &parent, &group, &session) != 4) return -1;
    // A zombie is already dead: killing it again would count as a kill for ever.
    return state == 'Z' ? -1 : session;
}

// Kills every process in a watched session; the number killed.
static int sweep(void) {
    DIR *proc = opendir("/proc");
    if (proc == NULL) return 0;
    int killed = 0;
    struct dirent *entry;
    while ((entry = readdir(proc)) != NULL) {
        if (!isdigit((unsigned char)entry->d_name[0])) continue;
        pid_t session = sessionOf(entry->d_name);
        if (session > 0 && watched(session) && kill(atoi(entry->d_name), SIGKILL) == 0) killed++;
    }
    closedir(proc);
    return killed;
}

int main(void) {
    // Not the terminal's: Ctrl-C in the host's terminal must not end the reaper first.
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    char buffer[4096], line[32];
    size_t used = 0;
    for (;;) {
        ssize_t got = read(0, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        for (ssize_t i = 0; i < got; i++) {
            char c = buffer[i];
            if (c != '\n') {
                if (used < sizeof line - 1) line[used++] = c;
                continue;
            }
            line[used] = 0;
            used = 0;
            long session = strtol(line + 1, NULL, 10);
            if (session <= 1) continue;
            if (line[0] == '+') add((pid_t)session);
            else if (line[0] == '-') removeSession((pid_t)session);
        }
    }
    // The host is gone. Processes may fork while the sweep runs: sweep until none is left.
    for (int pass = 0; count > 0 && pass < 16 && sweep() > 0; pass++) {}
    return 0;
}
