import { z } from 'zod';
import { TALENT_TYPE_VALUES } from '../options';

export const UPLOAD_PURPOSES = ['portfolio', 'avatar', 'logo', 'image-test', 'video-cover', 'deal-file', 'business-license'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const uploadQuery = z.object({
  purpose: z.enum(UPLOAD_PURPOSES),
  talentType: z.enum(TALENT_TYPE_VALUES).optional(),
});
export type UploadQuery = z.infer<typeof uploadQuery>;

/** POST /api/uploads's multipart/form-data body, for the API document (the route streams it; nothing validates this) */
export const uploadRequest = z.object({
  file: z.string().meta({
    contentMediaType: 'application/octet-stream',
    description: 'The file, one part named `file`: its type is decided by its bytes (an image, or a whole MP4/MOV/M4V or WebM video)',
  }),
});

export const uploadResponse = z.object({
  id: z.string().uuid(),
  url: z.string(),
  kind: z.enum(['image', 'video']),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  originalName: z.string().nullable(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;
