package dev.blockwipe.linux;

/**
 * A {@code dev_t} split into major and minor as glibc's {@code gnu_dev_major}/{@code gnu_dev_minor}
 * do; the kernel's 64-bit encoding in {@code loop_info64} and Java's {@code unix:dev} agree with it.
 */
final class DeviceNumbers {
    private DeviceNumbers() {
    }

    static int major(long dev) {
        return (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
    }

    static int minor(long dev) {
        return (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
    }
}
