package klotskidb.datasets;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-java without Hadoop: a writer over any output stream ({@link StreamOutputFile}), set up
 * as {@link ParquetExport} writes (Parquet format 2 pages, ZSTD level 6 through {@link ZstdCodecs},
 * 128 MB row groups, the encodings and statistics of {@link ParquetSchemas}), and a part file read
 * back through a channel for the merge.
 *
 * <p>Example: {@code writer(new StreamOutputFile(out), ParquetSchemas.GROUPS, new
 * ParquetRows.GroupWrite())} writes the 25,422 group rows to {@code out} with no Hadoop
 * configuration and no file system layer.
 */
final class ParquetFiles {
  private ParquetFiles() {}

  static final long ROW_GROUP_BYTES = 128L << 20;

  static ParquetWriter<Object[]> writer(OutputFile file, MessageType schema, ParquetRows.Write support)
      throws IOException {
    support.schema = schema;
    Builder b = new Builder(file, support)
        .withConf(new PlainParquetConfiguration())
        .withWriteMode(ParquetFileWriter.Mode.CREATE)
        .withWriterVersion(WriterVersion.PARQUET_2_0)
        .withCompressionCodec(CompressionCodecName.ZSTD)
        .withCodecFactory(new ZstdCodecs())
        .withRowGroupSize(ROW_GROUP_BYTES)
        .withDictionaryEncoding(false)
        .withSizeStatisticsEnabled(false)
        .withStatisticsEnabled(false);
    for (String column : ParquetSchemas.STATISTICS) {
      if (schema.containsField(column)) {
        b = b.withStatisticsEnabled(column, true);
      }
    }
    for (String column : ParquetSchemas.DICTIONARY) {
      if (schema.containsField(column)) {
        b = b.withDictionaryEncoding(column, true);
      }
    }
    return b.build();
  }

  /** The Parquet writer's file: an output stream that counts its position. */
  static final class StreamOutputFile implements OutputFile {
    private final OutputStream out;

    StreamOutputFile(OutputStream out) {
      this.out = out;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) {
      return new PositionOutputStream() {
        private long position;

        @Override
        public long getPos() {
          return position;
        }

        @Override
        public void write(int b) throws IOException {
          out.write(b);
          position++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
          position += len;
        }

        @Override
        public void flush() throws IOException {
          out.flush();
        }

        @Override
        public void close() throws IOException {
          out.close();
        }
      };
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
      return create(blockSizeHint);
    }

    @Override
    public boolean supportsBlockSize() {
      return false;
    }

    @Override
    public long defaultBlockSize() {
      return 0;
    }
  }

  private static final class Builder extends ParquetWriter.Builder<Object[], Builder> {
    private final ParquetRows.Write support;

    Builder(OutputFile file, ParquetRows.Write support) {
      super(file);
      this.support = support;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<Object[]> getWriteSupport(ParquetConfiguration conf) {
      return support;
    }

    @Override
    protected WriteSupport<Object[]> getWriteSupport(Configuration conf) {
      return support;
    }
  }

  /**
   * A finished part file, read through its channel: parquet-java's LocalInputFile reads a byte at
   * a time when row groups are appended (over two minutes for 230 MB).
   */
  static SeekableInputStream read(Path file) throws IOException {
    FileChannel ch = FileChannel.open(file);
    return new DelegatingSeekableInputStream(Channels.newInputStream(ch)) {
      @Override
      public long getPos() throws IOException {
        return ch.position();
      }

      @Override
      public void seek(long newPos) throws IOException {
        ch.position(newPos);
      }
    };
  }
}
