import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Progress, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { components } from '@web-shared/api-types';
import { getJson } from '@/lib/api';
import { TusUpload, type UploadProgress } from '../tus-upload';

type IngestJob = components['schemas']['IngestJobDto'];

const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= 1024 * MB ? `${(bytes / 1024 / MB).toFixed(2)} GB` : `${(bytes / MB).toFixed(1)} MB`;
const duration = (seconds: number | null) =>
  seconds === null
    ? '…'
    : seconds >= 3600
      ? `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`
      : seconds >= 60
        ? `${Math.round(seconds / 60)} min`
        : `${Math.ceil(seconds)} s`;

type State =
  | { step: 'idle' }
  | { step: 'sending'; file: string; progress: UploadProgress | null; retrying: number; finishing: boolean }
  | { step: 'failed'; message: string }
  | { step: 'sent'; jobId: string };

/**
 * Drop one county's file (with `countyId`) or a multi-county file into a draft release. It goes
 * by tus in pieces, with bytes, speed and time left; a dropped connection resumes on its own; the
 * ingest job it became is followed here until it ends. Mount it in the release page:
 * `<ReleaseUpload releaseId={release.id} />` (or `countyId` for one county's file).
 */
export function ReleaseUpload({ releaseId, countyId }: { releaseId: string; countyId?: string }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const upload = useRef<TusUpload | null>(null);
  const jobId = state.step === 'sent' ? state.jobId : null;
  const job = useQuery({
    queryKey: ['admin', 'ingest-job', jobId],
    queryFn: () => getJson<IngestJob>(`/api/admin/jobs/${jobId}`),
    enabled: !!jobId,
    refetchInterval: (query) => (['completed', 'failed'].includes(query.state.data?.state ?? '') ? false : 2000),
  });

  async function send(file: File) {
    setState({ step: 'sending', file: file.name, progress: null, retrying: 0, finishing: false });
    const tus = new TusUpload({
      file,
      metadata: { releaseId, filename: file.name, ...(countyId ? { countyId } : {}) },
      onProgress: (progress) => setState((s) => (s.step === 'sending' ? { ...s, progress, retrying: 0 } : s)),
      onRetry: (attempt) => setState((s) => (s.step === 'sending' ? { ...s, retrying: attempt } : s)),
      onFinishing: () => setState((s) => (s.step === 'sending' ? { ...s, retrying: 0, finishing: true } : s)),
    });
    upload.current = tus;
    try {
      const id = await tus.start();
      setState(id ? { step: 'sent', jobId: id } : { step: 'failed', message: 'The server did not name an ingest job' });
    } catch (error) {
      setState({ step: 'failed', message: (error as Error).message });
    } finally {
      upload.current = null;
    }
  }

  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }} aria-label="Upload a source file">
      <Upload.Dragger
        accept=".csv,.gz,.csv.gz,.gpkg,.zip,.geojson,.json,.geojsonl,.geojsons,.ndjson"
        multiple={false}
        showUploadList={false}
        disabled={state.step === 'sending'}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          Drop a CSV, gzip CSV or GIS file (GeoPackage, zipped Shapefile or File Geodatabase, GeoJSON) here, or click to
          choose one
        </p>
        <p className="ant-upload-hint">
          {countyId ? "One county's records" : 'Any number of counties, split by county_fips'}; a dropped connection
          resumes
        </p>
      </Upload.Dragger>

      {state.step === 'sending' && (
        <div role="status">
          <Typography.Text strong>{state.file}</Typography.Text>
          <Progress percent={state.progress ? Math.floor((state.progress.sent / state.progress.total) * 100) : 0} />
          {state.progress && (
            <Typography.Text type="secondary">
              {size(state.progress.sent)} of {size(state.progress.total)} · {size(state.progress.bytesPerSecond)}/s ·{' '}
              {duration(state.progress.secondsLeft)} left
            </Typography.Text>
          )}
          {state.retrying > 0 && (
            <Alert type="warning" message={`Connection lost; resuming (attempt ${state.retrying})`} />
          )}
          {state.finishing && (
            <Alert type="info" message="The file is whole and the server is checking it; its ingest job follows" />
          )}
          <Button
            danger
            onClick={() => {
              void upload.current?.cancel();
              setState({ step: 'idle' });
            }}
          >
            Cancel upload
          </Button>
        </div>
      )}
      {state.step === 'failed' && (
        <Alert type="error" showIcon message="The file was not taken" description={state.message} />
      )}
      {job.data && (
        <Descriptions size="small" bordered column={1} title="Ingest job">
          <Descriptions.Item label="State">{job.data.state}</Descriptions.Item>
          <Descriptions.Item label="Read">
            {size(job.data.bytesRead)} of {size(job.data.bytesTotal)}, {job.data.recordsRead.toLocaleString()} records
          </Descriptions.Item>
          <Descriptions.Item label="Counties found">{job.data.countiesFound}</Descriptions.Item>
          {job.data.errors.length > 0 && (
            <Descriptions.Item label="Notes">{job.data.errors.join('; ')}</Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Space>
  );
}
