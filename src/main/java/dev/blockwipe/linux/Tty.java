package dev.blockwipe.linux;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** Terminals, from {@code <asm-generic/ioctls.h>} and {@code <asm-generic/termios.h>}: the window size. */
final class Tty {
    /** TIOCGWINSZ (0x5413 on x86_64 and aarch64): fills a struct winsize. */
    static final long TIOCGWINSZ = 0x5413;

    private Tty() {
    }

    /** {@code struct winsize}. */
    @FieldOrder({"ws_row", "ws_col", "ws_xpixel", "ws_ypixel"})
    public static final class Winsize extends Structure {
        public short ws_row;
        public short ws_col;
        public short ws_xpixel;
        public short ws_ypixel;
    }

    /** The width of the terminal behind {@code fd}, or 0 when it is not a terminal or does not say. */
    static int columns(int fd) {
        Winsize size = new Winsize();
        if (LibC.ioctl(fd, TIOCGWINSZ, size) != 0) {
            return 0;
        }
        return Short.toUnsignedInt(size.ws_col);
    }
}
