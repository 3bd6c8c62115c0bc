package dev.blockwipe.linux;

/** What the process runs on: whether its streams are terminals, whether it is root. */
public final class Terminal {
    private Terminal() {
    }

    public static boolean isTerminal(int fd) {
        return LibC.isatty(fd) == 1;
    }

    /** The effective user is root: devices can be opened for writing. */
    public static boolean isRoot() {
        return effectiveUid() == 0;
    }

    /** The user whose files this process makes, and who must own its config and reports directories. */
    public static int effectiveUid() {
        return LibC.geteuid();
    }
}
