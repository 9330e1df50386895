import { useParams } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';
import { ReleaseUpload } from '../../features/release-upload/release-upload';

/** A draft's upload on its own page, until the release page mounts the same component. */
export default function ReleaseUploadPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <>
      <PageHeading
        title="Upload source files"
        subtitle="Into this draft release; large files resume after a dropped connection"
      />
      {id && <ReleaseUpload releaseId={id} />}
    </>
  );
}
