package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import org.junit.jupiter.api.Test;

/**
 * The structures and ioctl numbers of NVMe pass-through and SG_IO as the kernel's headers lay them
 * out on 64-bit Linux ({@code <linux/nvme_ioctl.h>}, {@code <scsi/sg.h>}; offsets as gcc's offsetof
 * gives them): each field is set, the structure written to native memory, and read back at its offset.
 */
class DriveIoctlLayoutTest {

    /** _IOC(dir, type, nr, size) of {@code <asm-generic/ioctl.h>}: dir 2 bits, size 14, type 8, nr 8. */
    private static long ioc(int dir, char type, int nr, int size) {
        return ((long) dir << 30) | ((long) size << 16) | ((long) type << 8) | nr;
    }

    @Test
    void ioctlNumbersAreTheKernels() {
        assertThat(NvmeIoctl.NVME_IOCTL_ADMIN_CMD).isEqualTo(0xC0484E41L)
                .isEqualTo(ioc(3, 'N', 0x41, new NvmeIoctl.PassthruCmd().size()));
        assertThat(NvmeIoctl.NVME_IOCTL_ID).isEqualTo(0x4E40).isEqualTo(ioc(0, 'N', 0x40, 0));
        assertThat(ScsiGeneric.SG_IO).isEqualTo(0x2285);
    }

    @Test
    void nvmePassthruCommandIs72BytesWithTheKernelsOffsets() {
        NvmeIoctl.PassthruCmd cmd = new NvmeIoctl.PassthruCmd();
        cmd.opcode = 0x06;
        cmd.flags = 0x11;
        cmd.rsvd1 = 0x2222;
        cmd.nsid = 0x33333333;
        cmd.cdw2 = 0x02020202;
        cmd.cdw3 = 0x03030303;
        cmd.metadata = 0x4444444444444444L;
        cmd.addr = 0x5555555555555555L;
        cmd.metadata_len = 0x66666666;
        cmd.data_len = 4096;
        cmd.cdw10 = 10;
        cmd.cdw11 = 11;
        cmd.cdw12 = 12;
        cmd.cdw13 = 13;
        cmd.cdw14 = 14;
        cmd.cdw15 = 15;
        cmd.timeout_ms = 60_000;
        cmd.result = 0x77777777;
        Pointer p = written(cmd);

        assertThat(cmd.size()).isEqualTo(72);
        assertThat(p.getByte(0)).isEqualTo((byte) 0x06);
        assertThat(p.getByte(1)).isEqualTo((byte) 0x11);
        assertThat(p.getShort(2)).isEqualTo((short) 0x2222);
        assertThat(p.getInt(4)).isEqualTo(0x33333333);
        assertThat(p.getInt(8)).isEqualTo(0x02020202);
        assertThat(p.getInt(12)).isEqualTo(0x03030303);
        assertThat(p.getLong(16)).isEqualTo(0x4444444444444444L);
        assertThat(p.getLong(24)).isEqualTo(0x5555555555555555L);
        assertThat(p.getInt(32)).isEqualTo(0x66666666);
        assertThat(p.getInt(36)).isEqualTo(4096);
        for (int dword = 10; dword <= 15; dword++) {
            assertThat(p.getInt(40 + 4L * (dword - 10))).as("cdw" + dword).isEqualTo(dword);
        }
        assertThat(p.getInt(64)).isEqualTo(60_000);
        assertThat(p.getInt(68)).isEqualTo(0x77777777);
    }

    @Test
    void sgIoHeaderIs88BytesWithPointersOnEightByteBoundaries() {
        ScsiGeneric.SgIoHdr hdr = new ScsiGeneric.SgIoHdr();
        hdr.dxfer_direction = ScsiGeneric.SG_DXFER_FROM_DEV;
        hdr.cmd_len = 6;
        hdr.mx_sb_len = (byte) ScsiGeneric.SENSE_BUFFER;
        hdr.iovec_count = 0x0102;
        hdr.dxfer_len = 512;
        hdr.dxferp = new Pointer(0x1111111111111110L);
        hdr.cmdp = new Pointer(0x2222222222222220L);
        hdr.sbp = new Pointer(0x3333333333333330L);
        hdr.timeout = 30_000;
        hdr.flags = 0x44;
        hdr.pack_id = 0x55;
        hdr.usr_ptr = new Pointer(0x6666666666666660L);
        hdr.status = 2;
        hdr.masked_status = 1;
        hdr.msg_status = 7;
        hdr.sb_len_wr = 18;
        hdr.host_status = 0x0303;
        hdr.driver_status = 0x0808;
        hdr.resid = 0x99;
        hdr.duration = 0xAA;
        hdr.info = 0xBB;
        Pointer p = written(hdr);

        assertThat(hdr.size()).isEqualTo(88);
        assertThat(p.getInt(0)).isEqualTo('S');
        assertThat(p.getInt(4)).isEqualTo(-3);
        assertThat(p.getByte(8)).isEqualTo((byte) 6);
        assertThat(p.getByte(9)).isEqualTo((byte) 96);
        assertThat(p.getShort(10)).isEqualTo((short) 0x0102);
        assertThat(p.getInt(12)).isEqualTo(512);
        assertThat(p.getLong(16)).isEqualTo(0x1111111111111110L);
        assertThat(p.getLong(24)).isEqualTo(0x2222222222222220L);
        assertThat(p.getLong(32)).isEqualTo(0x3333333333333330L);
        assertThat(p.getInt(40)).isEqualTo(30_000);
        assertThat(p.getInt(44)).isEqualTo(0x44);
        assertThat(p.getInt(48)).isEqualTo(0x55);
        assertThat(p.getLong(56)).as("usr_ptr after 4 bytes of padding").isEqualTo(0x6666666666666660L);
        assertThat(p.getByte(64)).isEqualTo((byte) 2);
        assertThat(p.getByte(65)).isEqualTo((byte) 1);
        assertThat(p.getByte(66)).isEqualTo((byte) 7);
        assertThat(p.getByte(67)).isEqualTo((byte) 18);
        assertThat(p.getShort(68)).isEqualTo((short) 0x0303);
        assertThat(p.getShort(70)).isEqualTo((short) 0x0808);
        assertThat(p.getInt(72)).isEqualTo(0x99);
        assertThat(p.getInt(76)).isEqualTo(0xAA);
        assertThat(p.getInt(80)).isEqualTo(0xBB);
    }

    private static Pointer written(Structure s) {
        s.write();
        return s.getPointer();
    }
}
