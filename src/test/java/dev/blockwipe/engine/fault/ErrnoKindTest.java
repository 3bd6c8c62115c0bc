package dev.blockwipe.engine.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.TargetIoException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One classification of errno names, on which the job's retries and its reported cause agree. */
class ErrnoKindTest {

    @ParameterizedTest
    @ValueSource(strings = {"ENODEV", "ENXIO", "ENOMEDIUM"})
    void anErrnoOfADeviceThatIsGoneIsReportedAsTheDeviceGone(String errno) {
        assertThat(ErrnoKind.of(errno)).isEqualTo(ErrnoKind.GONE);
        assertThat(FailureCause.of(failure(errno))).isEqualTo(FailureCause.DEVICE_GONE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"EIO", "ENODATA", "EREMOTEIO", "EILSEQ", "EBADMSG", "ETIMEDOUT"})
    void aMediaErrorIsRetriedAndReportedAsAnIoError(String errno) {
        assertThat(ErrnoKind.of(errno)).isEqualTo(ErrnoKind.MEDIA);
        assertThat(FailureCause.of(failure(errno))).isEqualTo(FailureCause.IO_ERROR);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ENOSPC", "EINVAL", "EOPNOTSUPP", "errno 200", ""})
    void anyOtherErrnoIsNeitherTheMediumNorTheDeviceGone(String errno) {
        assertThat(ErrnoKind.of(errno)).isEqualTo(ErrnoKind.OTHER);
        assertThat(FailureCause.of(failure(errno))).isEqualTo(FailureCause.IO_ERROR);
    }

    private static TargetIoException failure(String errno) {
        return new TargetIoException("/dev/mem0", "pwrite", 4096, 0, errno, "test");
    }
}
