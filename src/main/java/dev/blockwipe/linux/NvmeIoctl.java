package dev.blockwipe.linux;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** NVMe pass-through, from {@code <linux/nvme_ioctl.h>} (the _IO/_IOWR encoding of x86_64 and aarch64). */
final class NvmeIoctl {
    /** _IO('N', 0x40): returns the namespace ID of the namespace block device the descriptor is. */
    static final long NVME_IOCTL_ID = 0x4E40;
    /** _IOWR('N', 0x41, struct nvme_admin_cmd): one admin command; returns its status field, 0 on success. */
    static final long NVME_IOCTL_ADMIN_CMD = 0xC0484E41L;

    private NvmeIoctl() {
    }

    /** {@code struct nvme_passthru_cmd} (alias {@code nvme_admin_cmd}): 72 bytes. */
    @FieldOrder({"opcode", "flags", "rsvd1", "nsid", "cdw2", "cdw3", "metadata", "addr", "metadata_len", "data_len",
        "cdw10", "cdw11", "cdw12", "cdw13", "cdw14", "cdw15", "timeout_ms", "result"})
    public static final class PassthruCmd extends Structure {
        public byte opcode;
        public byte flags;
        public short rsvd1;
        public int nsid;
        public int cdw2;
        public int cdw3;
        /** A user-space address, as a 64-bit integer whatever the pointer size. */
        public long metadata;
        public long addr;
        public int metadata_len;
        public int data_len;
        public int cdw10;
        public int cdw11;
        public int cdw12;
        public int cdw13;
        public int cdw14;
        public int cdw15;
        /** 0: the driver's default admin timeout. */
        public int timeout_ms;
        /** Completion queue entry dword 0, written by the kernel. */
        public int result;
    }
}
