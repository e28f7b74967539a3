import { BasicImageUploadTest } from './ImageUploadTest';

/** /image-upload-test — developer test page (image ≤ 10 MB → URL, size, dimensions, type). */
export default function ImageUploadTestPage() {
  return <BasicImageUploadTest />;
}
