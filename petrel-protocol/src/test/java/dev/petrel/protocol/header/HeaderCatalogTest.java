package dev.petrel.protocol.header;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.header.catalog.HeaderCatalog;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageResponseHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV1HeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeaderCatalogTest {

    /** Request codes of request-codes.md §3–§6 (and security.md §2.8) whose 5.3.1 request carries header fields. */
    private static final List<Integer> WITH_REQUEST_HEADER = List.of(10, 11, 12, 14, 15, 17, 18, 29, 30, 31, 32, 33, 34, 35,
        36, 37, 38, 39, 40, 41, 42, 50, 51, 53, 100, 101, 102, 103, 104, 105, 202, 203, 204, 205, 207, 208, 215, 216, 217, 219, 220, 221,
        222, 223, 224, 300, 303, 307, 308, 309, 310, 314, 315, 317, 320, 321, 322, 323, 324, 325, 326, 327, 343, 345, 351, 352,
        361, 901, 904);

    /** Codes documented without a header (the JSON frame then has no extFields at all). */
    private static final List<Integer> WITHOUT_HEADER = List.of(21, 25, 26, 28, 43, 45, 46, 106, 200, 201, 206, 225, 304,
        305, 306, 311, 312, 313, 316, 318, 319, 328, 329);

    @Test
    void everyDocumentedHeaderIsCataloguedAndNothingElse() {
        assertThat(HeaderCatalog.requests().keySet()).containsExactlyInAnyOrderElementsOf(WITH_REQUEST_HEADER);
        for (int code : WITHOUT_HEADER) {
            assertThat(HeaderCatalog.request(code)).as(RequestCode.name(code)).isEmpty();
        }
    }

    @Test
    void hotPathCodesUseTheHandWrittenCodecs() {
        assertThat(HeaderCatalog.request(RequestCode.SEND_MESSAGE)).containsSame(SendMessageV1HeaderCodec.INSTANCE);
        assertThat(HeaderCatalog.request(RequestCode.SEND_MESSAGE_V2)).containsSame(SendMessageV2HeaderCodec.INSTANCE);
        assertThat(HeaderCatalog.request(RequestCode.SEND_BATCH_MESSAGE)).containsSame(SendMessageV2HeaderCodec.INSTANCE);
        assertThat(HeaderCatalog.response(RequestCode.SEND_BATCH_MESSAGE)).containsSame(SendMessageResponseHeaderCodec.INSTANCE);
        assertThat(HeaderCatalog.request(RequestCode.LITE_PULL_MESSAGE)).containsSame(PullMessageRequestHeaderCodec.INSTANCE);
    }

    @Test
    void responsesWithHeaders() {
        assertThat(HeaderCatalog.responses().keySet()).containsExactlyInAnyOrder(10, 11, 12, 14, 26, 29, 30, 31, 32, 34, 52, 101,
            103, 205, 310, 320, 322, 324, 325, 327, 361);
    }

    @Test
    void sharedHeadersServeBothDirections() {
        assertThat(HeaderCatalog.request(RequestCode.RESET_CONSUMER_CLIENT_OFFSET).orElseThrow().type())
            .isEqualTo(HeaderCatalog.request(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET).orElseThrow().type());
        assertThat(HeaderCatalog.request(RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT).orElseThrow().type())
            .isEqualTo(HeaderCatalog.request(RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS).orElseThrow().type());
    }
}
