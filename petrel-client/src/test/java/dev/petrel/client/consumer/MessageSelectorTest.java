package dev.petrel.client.consumer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MessageSelectorTest {

    @Test
    void sqlSelectorsAreCompiledWhenMadeAndABadOneSaysWhereAndWhy() {
        MessageSelector ok = MessageSelector.bySql("amount > 100 AND region = 'eu'");
        assertThat(ok.type()).isEqualTo("SQL92");
        assertThat(ok.isSql()).isTrue();
        assertThat(ok.expression()).isEqualTo("amount > 100 AND region = 'eu'");
        assertThatThrownBy(() -> MessageSelector.bySql("amount > 'x'"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("SQL92 expression \"amount > 'x'\" is invalid at column 10: '>' cannot compare with the string "
                + "literal 'x'; use = or <> for strings");
        assertThatThrownBy(() -> MessageSelector.bySql("a = 1 AND"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("SQL92 expression \"a = 1 AND\" is invalid");
    }

    @Test
    void tagSelectors() {
        assertThat(MessageSelector.byTag("A || C").type()).isEqualTo("TAG");
        assertThat(MessageSelector.byTag(null)).isEqualTo(MessageSelector.all());
        assertThat(MessageSelector.byTag("")).isEqualTo(MessageSelector.all());
        assertThatThrownBy(() -> MessageSelector.byTag("||")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no tag between its '||' separators");
    }

    @Test
    void aPushConsumerBuilderRefusesABadExpressionBeforeConnectingAnywhere() {
        assertThatThrownBy(() -> PetrelPushConsumer.builder().subscribeSql92("T", "a >"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("SQL92 expression \"a >\" is invalid");
    }
}
