import { IMAGE_CROP } from './constants.ts';
import { FILE_KINDS } from './files.ts';

/**
 * The server's refusals of media files (spec section 9), read from the bytes, never the name.
 * Plain English sentences; the console shows them translated (src/ui/form/validation-messages.ts).
 */

/** The frame height a video must stay under: 720 lines ("below 720p"). */
export const VIDEO_HEIGHT_BELOW = FILE_KINDS.video.heightBelow;

/** Same sentence as the console's own check of a picked video (src/data/uploads/file-check.ts). */
export const VIDEO_TOO_HIGH = `The video must be less than ${VIDEO_HEIGHT_BELOW} pixels high. Please choose a smaller video.`;

/** A file named .mp4 whose content is not an MP4 video with a picture (an HTML page, a sound). */
export const NOT_AN_MP4_VIDEO =
  'This file is not a real MP4 video: its content could not be read as one. Please choose another file.';

/** A file named .mp3 whose content is not MPEG audio the server can read a duration from. */
export const NOT_AN_MP3_SOUND =
  'This file is not a real MP3 sound file: its content could not be read as one. Please choose another file.';

/** A picture whose content stops being one after its first bytes: damaged, cut short or made up. */
export const NOT_A_READABLE_PICTURE =
  'This picture cannot be shown: its content is damaged or is not a real picture. Please choose another file.';

/** What the server read from a media file: seconds, and the picture size of a video. */
export type MediaInfo = { durationSeconds: number; width: number | null; height: number | null };

/** A cover or topic picture that was not cropped on the device to the fixed size (spec section 5). */
export const PICTURE_NOT_CROPPED = `The picture must be exactly ${IMAGE_CROP.width} x ${IMAGE_CROP.height} pixels. Choose it again to crop it.`;

/** A sound's or video's length as the whole minutes shown and reported (at least 1). */
export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
