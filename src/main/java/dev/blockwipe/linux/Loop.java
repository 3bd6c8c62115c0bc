package dev.blockwipe.linux;

import com.sun.jna.Structure.FieldOrder;
import com.sun.jna.Structure;
import dev.blockwipe.engine.io.LoopBacking;

/** Loop devices, from {@code <linux/loop.h>}: what a loop device (or a partition of one) is attached to. */
final class Loop {
    /** _IO('L', 5): struct loop_info64 of the loop device the descriptor belongs to. */
    static final long LOOP_GET_STATUS64 = 0x4C05;

    private Loop() {
    }

    /** {@code struct loop_info64}. */
    @FieldOrder({"lo_device", "lo_inode", "lo_rdevice", "lo_offset", "lo_sizelimit", "lo_number", "lo_encrypt_type",
        "lo_encrypt_key_size", "lo_flags", "lo_file_name", "lo_crypt_name", "lo_encrypt_key", "lo_init"})
    public static final class Info64 extends Structure {
        public long lo_device;
        public long lo_inode;
        public long lo_rdevice;
        public long lo_offset;
        public long lo_sizelimit;
        public int lo_number;
        public int lo_encrypt_type;
        public int lo_encrypt_key_size;
        public int lo_flags;
        public byte[] lo_file_name = new byte[64];
        public byte[] lo_crypt_name = new byte[64];
        public byte[] lo_encrypt_key = new byte[32];
        public long[] lo_init = new long[2];
    }

    /**
     * The backing object of the loop device behind {@code fd}.
     *
     * @return null and errno set when the ioctl fails (ENXIO: nothing attached)
     */
    static LoopBacking status(int fd) {
        Info64 info = new Info64();
        if (LibC.ioctl(fd, LOOP_GET_STATUS64, info) != 0) {
            return null;
        }
        return new LoopBacking(DeviceNumbers.major(info.lo_device), DeviceNumbers.minor(info.lo_device), info.lo_inode,
                DeviceNumbers.major(info.lo_rdevice), DeviceNumbers.minor(info.lo_rdevice), info.lo_offset,
                info.lo_sizelimit);
    }
}
