package klotskidb.datasets;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * ZSTD for parquet-java without Hadoop: parquet-java's own codecs are Hadoop
 * {@code CompressionCodec}s, so writing through them needs Hadoop on the class path. This
 * compresses each page with zstd-jni directly, at level 6: the first level of zstd's lazier
 * matching, where the layout file drops by a tenth against Parquet's default 3 for about a tenth
 * more time (the names and group indexes, random in code order, are most of the file: BENCHMARKS.md,
 * row "`export --format parquet`").
 */
final class ZstdCodecs implements CompressionCodecFactory {
  static final int LEVEL = 6;

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    if (codec != CompressionCodecName.ZSTD) {
      throw new IllegalArgumentException("only ZSTD is available, not " + codec);
    }
    return new BytesInputCompressor() {
      @Override
      public BytesInput compress(BytesInput bytes) throws IOException {
        return BytesInput.from(Zstd.compress(bytes.toByteArray(), LEVEL));
      }

      @Override
      public CompressionCodecName getCodecName() {
        return CompressionCodecName.ZSTD;
      }

      @Override
      public void release() {}
    };
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    return new BytesInputDecompressor() {
      @Override
      public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
        return BytesInput.from(Zstd.decompress(bytes.toByteArray(), uncompressedSize));
      }

      @Override
      public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize) {
        throw new UnsupportedOperationException("klotski only writes Parquet");
      }

      @Override
      public void release() {}
    };
  }

  @Override
  public void release() {}
}
