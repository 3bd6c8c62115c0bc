package dev.blockwipe.tui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {
    @Test
    void fitPadsShortTextAndMarksACut() {
        assertThat(Text.fit("abc", 5)).isEqualTo("abc  ");
        assertThat(Text.fit("abcdef", 4)).isEqualTo("abc~");
        assertThat(Text.fit("a\nb", 3)).isEqualTo("a b");
    }

    @Test
    void wrapBreaksAtSpacesAndCutsLongWords() {
        assertThat(Text.wrap("one two three", 7)).containsExactly("one two", "three");
        assertThat(Text.wrap("abcdefghij", 4)).containsExactly("abcd", "efgh", "ij");
        assertThat(Text.wrap("a\nb", 10)).containsExactly("a", "b");
    }

    @Test
    void coloursOnlyWhereTheTerminalSaysItHasThem() {
        assertThat(ConsoleUi.hasColours(java.util.Map.of("TERM", "vt220"))).isFalse();
        assertThat(ConsoleUi.hasColours(java.util.Map.of("TERM", "xterm-256color"))).isTrue();
    }
}
