import { AvatarImageUploadTest } from './ImageUploadTest';

/** /influencer-image-upload-test — developer test page, influencer-avatar variant with drag and drop. */
export default function InfluencerImageUploadTestPage() {
  return <AvatarImageUploadTest />;
}
