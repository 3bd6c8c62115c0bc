package dev.blockwipe.linux;

/** What the process runs on: whether its streams are terminals and how wide, whether it is root. */
public final class Terminal {
    /** The width assumed when nothing says otherwise, as by ls and most terminals' default. */
    private static final int DEFAULT_COLUMNS = 80;

    private Terminal() {
    }

    public static boolean isTerminal(int fd) {
        return LibC.isatty(fd) == 1;
    }

    /**
     * How many columns a line written to {@code fd} may take: the terminal's width; when {@code fd} is
     * not a terminal (a pipe, a file), {@code $COLUMNS} when it is a positive number; else 80.
     */
    public static int columns(int fd) {
        int tty = Tty.columns(fd);
        return tty > 0 ? tty : columns(System.getenv("COLUMNS"));
    }

    /** {@code $COLUMNS} when it is a positive number, else 80. */
    static int columns(String env) {
        try {
            int n = env == null ? 0 : Integer.parseInt(env.strip());
            return n > 0 ? n : DEFAULT_COLUMNS;
        } catch (NumberFormatException e) {
            return DEFAULT_COLUMNS;
        }
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
