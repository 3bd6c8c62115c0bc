package dev.blockwipe.linux;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * SCSI commands through the block layer's SG_IO, from {@code <scsi/sg.h>}; the host byte values from
 * {@code <scsi/scsi_status.h>} and sg's driver status values from {@code <scsi/sg.h>}'s documentation.
 */
final class ScsiGeneric {
    /** Synchronous SCSI command (sg version 3 interface), on sd block devices as on sg nodes. */
    static final long SG_IO = 0x2285;
    static final int SG_DXFER_NONE = -1;
    static final int SG_DXFER_TO_DEV = -2;
    static final int SG_DXFER_FROM_DEV = -3;
    /** The most sense data the kernel keeps of a command (SCSI_SENSE_BUFFERSIZE), so the most SG_IO returns. */
    static final int SENSE_BUFFER = 96;
    /** host_status: the command timed out (the kernel aborted it). */
    static final int DID_TIME_OUT = 0x03;
    /** driver_status: the command timed out. */
    static final int DRIVER_TIMEOUT = 0x06;

    private ScsiGeneric() {
    }

    /** {@code struct sg_io_hdr} (sg_io_hdr_t): 88 bytes on 64-bit Linux, pointers 8-aligned. */
    @FieldOrder({"interface_id", "dxfer_direction", "cmd_len", "mx_sb_len", "iovec_count", "dxfer_len", "dxferp",
        "cmdp", "sbp", "timeout", "flags", "pack_id", "usr_ptr", "status", "masked_status", "msg_status", "sb_len_wr",
        "host_status", "driver_status", "resid", "duration", "info"})
    public static final class SgIoHdr extends Structure {
        /** Always 'S'. */
        public int interface_id = 'S';
        public int dxfer_direction;
        public byte cmd_len;
        public byte mx_sb_len;
        public short iovec_count;
        public int dxfer_len;
        public Pointer dxferp;
        public Pointer cmdp;
        public Pointer sbp;
        /** Milliseconds. */
        public int timeout;
        public int flags;
        public int pack_id;
        public Pointer usr_ptr;
        public byte status;
        public byte masked_status;
        public byte msg_status;
        public byte sb_len_wr;
        public short host_status;
        public short driver_status;
        public int resid;
        public int duration;
        public int info;
    }
}
