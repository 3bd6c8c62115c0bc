package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.method.Verification;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SmallValuesTest {

    @ParameterizedTest
    @CsvSource({"0,0 B", "1023,1023 B", "1536,1.5 KiB", "268435456,256 MiB", "4000787030016,3.6 TiB"})
    void sizesAreIec(long bytes, String text) {
        assertThat(Units.bytes(bytes)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({"850000000,850 MB/s", "2940000000,2.9 GB/s", "1000,1 kB/s"})
    void ratesAreDecimal(double rate, String text) {
        assertThat(Units.rate(rate)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({"400,0.4 s", "12000,12 s", "125000,2 m 5 s", "15120000,4 h 12 m", "266400000,3 d 2 h"})
    void durationsAreShort(long millis, String text) {
        assertThat(Units.duration(Duration.ofMillis(millis))).isEqualTo(text);
    }

    @Test
    void namesArePrintedWithTheirControlCharactersEscaped() {
        assertThat(Units.printable("a\nb\tc\u001b[2J\u007f\u009b31m")).isEqualTo("a\\nb\\tc\\x1b[2J\\x7f\\x9b31m");
        assertThat(Units.printable("└─café 日本")).isEqualTo("└─café 日本");
    }

    @ParameterizedTest
    @CsvSource({"4M,4194304", "512K,524288", "4MiB,4194304", "1g,1073741824", "65536,65536"})
    void sizesParseLikeDd(String text, long bytes) {
        assertThat(Units.parseSize(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "4X", "-1", "M", "99999999999T"})
    void badSizesAreRefused(String text) {
        assertThatThrownBy(() -> Units.parseSize(text)).isInstanceOf(IllegalArgumentException.class);
    }

    /** More digits than a long holds is "too large", as a large number with a suffix is, not "For input string". */
    @ParameterizedTest
    @ValueSource(strings = {"99999999999999999999", "9223372036854775808", "8388608T", "9223372036854775807K"})
    void sizesBeyondALongAreTooLarge(String text) {
        assertThatThrownBy(() -> Units.parseSize(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("size too large: '" + text + "'");
    }

    @Test
    void theLargestSizeALongHoldsIsStillASize() {
        assertThat(Units.parseSize("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(Units.parseSize("8388607T")).isEqualTo(8388607L << 40);
    }

    @Test
    void verificationModesParseAndPrintBack() {
        for (String text : new String[] {"off", "last", "all", "sample:5%", "sample:0.5%"}) {
            assertThat(Verification.parse(text).text()).isEqualTo(text);
        }
        assertThat(Verification.parse("SAMPLE:10%")).isEqualTo(new Verification.Sample(10));
    }

    @ParameterizedTest
    @ValueSource(strings = {"some", "sample:", "sample:0%", "sample:101%", "sample:5", "sample:x%"})
    void badVerificationModesAreRefused(String text) {
        assertThatThrownBy(() -> Verification.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void throughputMeasuresTheLastSecondAndTheAverage() {
        Throughput t = new Throughput(0);
        long bytes = 0;
        for (long ms = 250; ms <= 4000; ms += 250) {
            bytes += ms <= 2000 ? 25_000_000 : 50_000_000; // 100 MB/s, then 200 MB/s
            t.update(ms * 1_000_000, bytes);
        }
        assertThat(t.currentRate()).isEqualTo(200e6);
        assertThat(t.averageRate()).isEqualTo(150e6);
    }

    @Test
    void theSpeedProfileStaysBoundedOverLongRuns() {
        Throughput t = new Throughput(0);
        for (long i = 1; i <= 100_000; i++) {
            t.update(i * 250_000_000L, i * 1000);
        }
        assertThat(t.profile()).hasSizeLessThan(Throughput.MAX_POINTS);
        assertThat(t.profile().get(t.profile().size() - 1).seconds()).isEqualTo(25_000.0);
    }
}
