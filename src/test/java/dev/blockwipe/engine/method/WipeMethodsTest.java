package dev.blockwipe.engine.method;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WipeMethodsTest {

    @Test
    void passCountsAreThoseOfTheStandards() {
        assertThat(WipeMethods.all()).extracting(WipeMethod::name, WipeMethod::passCount).contains(
                org.assertj.core.groups.Tuple.tuple("zero", 1), org.assertj.core.groups.Tuple.tuple("nist-clear", 1),
                org.assertj.core.groups.Tuple.tuple("dod-short", 3), org.assertj.core.groups.Tuple.tuple("dod", 7),
                org.assertj.core.groups.Tuple.tuple("gutmann", 35), org.assertj.core.groups.Tuple.tuple("schneier", 7),
                org.assertj.core.groups.Tuple.tuple("hmg-is5-enhanced", 3), org.assertj.core.groups.Tuple.tuple("vsitr", 7));
    }

    @Test
    void gutmannRunsItsTwentySevenPatternsInARandomOrderBetweenRandomPasses() {
        WipeMethod gutmann = WipeMethods.byName("gutmann").orElseThrow();
        List<Pattern> a = gutmann.resolve(new Random(1));
        List<Pattern> b = gutmann.resolve(new Random(2));
        assertThat(a.subList(0, 4)).allMatch(p -> p instanceof Pattern.Random);
        assertThat(a.subList(31, 35)).allMatch(p -> p instanceof Pattern.Random);
        assertThat(a.subList(4, 31)).containsExactlyInAnyOrderElementsOf(b.subList(4, 31));
        assertThat(a.subList(4, 31)).isNotEqualTo(b.subList(4, 31));
        assertThat(a.subList(4, 31)).contains(Pattern.Repeating.of(0x92, 0x49, 0x24), Pattern.Repeating.of(0xDB, 0x6D, 0xB6));
    }

    @Test
    void vsitrAlternatesAndEndsWithAA() {
        assertThat(WipeMethods.byName("vsitr").orElseThrow().resolve(new Random()))
                .extracting(Pattern::describe)
                .containsExactly("0x00", "0xFF", "0x00", "0xFF", "0x00", "0xFF", "0xAA");
    }

    @Test
    void customListsParse() {
        WipeMethod m = WipeMethods.custom("0x00, 0xFF,random,0x924924");
        List<Pattern> p = m.resolve(new Random());
        assertThat(p.get(0)).isEqualTo(Pattern.Repeating.of(0));
        assertThat(p.get(1)).isEqualTo(Pattern.Repeating.of(0xFF));
        assertThat(p.get(2)).isInstanceOf(Pattern.Random.class);
        assertThat(p.get(3)).isEqualTo(Pattern.Repeating.of(0x92, 0x49, 0x24));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0x", "0x1", "0xzz", "zero", "0x00,,0xff", "random,0x0g"})
    void malformedPassListsAreRefusedNamingTheBadItem(String list) {
        assertThatThrownBy(() -> WipeMethods.custom(list)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad pass");
    }

    @Test
    void namesAreUniqueAndLookupIsCaseInsensitive() {
        assertThat(WipeMethods.names()).doesNotHaveDuplicates();
        assertThat(WipeMethods.byName("DoD-Short")).isPresent();
        assertThat(WipeMethods.byName("nope")).isEmpty();
    }
}
