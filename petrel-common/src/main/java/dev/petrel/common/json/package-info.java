/**
 * JSON for RocketMQ bodies and files: {@link dev.petrel.common.json.JsonCodec} writes standard JSON in fastjson's shape
 * and reads fastjson's dialect (bare and object map keys, {@code $ref}). Jackson stays behind this package.
 */
package dev.petrel.common.json;
