package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The width of output that is not a terminal: $COLUMNS when it is a width, else 80. */
class TerminalTest {

    @ParameterizedTest
    @CsvSource(value = {"120,120", "' 100 ',100", "NULL,80", "'',80", "0,80", "-5,80", "wide,80", "99999999999,80"},
            nullValues = "NULL")
    void columnsComeFromTheEnvironmentOrAreEighty(String env, int columns) {
        assertThat(Terminal.columns(env)).isEqualTo(columns);
    }
}
