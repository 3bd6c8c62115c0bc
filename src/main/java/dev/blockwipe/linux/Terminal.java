package dev.blockwipe.linux;

/** Whether the standard streams are terminals (for progress lines and confirmation prompts). */
public final class Terminal {
    private Terminal() {
    }

    public static boolean isTerminal(int fd) {
        return LibC.isatty(fd) == 1;
    }
}
