import { TriangleAlertIcon } from 'lucide-react';
import { useRef } from 'react';
import { useFitText } from '@/features/display/hooks/use-fit-text';

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * An urgent notice, read across a room: a red band that says what it is, the message in white
 * on black as large as it fits, and when it was posted (and until when, if it ends by itself).
 */
export function TakeoverMessage({
  message,
  startedAt,
  endsAt,
  outletName,
}: {
  message: string;
  startedAt: string;
  endsAt: string | null;
  outletName: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLParagraphElement>(null);
  useFitText(box, text, message);

  return (
    <div className="absolute inset-0 flex flex-col bg-neutral-950">
      <div className="flex shrink-0 items-center justify-center gap-[1.2vh] bg-red-600 px-[4vw] py-[2.2vh] text-white shadow-[0_0.6vh_3vh_rgb(220_38_38/0.45)]">
        <TriangleAlertIcon
          className="size-[min(5.5vh,8vw)] shrink-0 animate-pulse"
          strokeWidth={2.5}
          aria-hidden="true"
        />
        <span className="text-[min(4.6vh,6.5vw)] leading-none font-extrabold tracking-[0.2em] whitespace-nowrap uppercase">
          Urgent notice
        </span>
      </div>
      <div
        aria-hidden="true"
        className="h-[1.2vh] shrink-0 bg-[repeating-linear-gradient(-45deg,#facc15_0_2.4vh,#0a0a0a_2.4vh_4.8vh)]"
      />
      <div className="min-h-0 flex-1 px-[6vw] py-[5vh]">
        {/* The box is the space the message may fill; the text keeps its natural size inside it, so overflow shows. */}
        <div ref={box} className="flex size-full items-center justify-center overflow-hidden">
          <p
            ref={text}
            role="alert"
            className="max-w-full text-center leading-[1.12] font-bold tracking-tight text-balance break-words whitespace-pre-line text-white"
          >
            {message}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center justify-center gap-x-[2vw] gap-y-1 border-t border-white/10 px-[4vw] py-[2vh] text-[min(2.4vh,3.2vw)] text-white/70">
        <span>{outletName}</span>
        <span aria-hidden="true">·</span>
        <span>Posted {timeOf(startedAt)}</span>
        {endsAt ? (
          <>
            <span aria-hidden="true">·</span>
            <span>Until {timeOf(endsAt)}</span>
          </>
        ) : null}
      </div>
    </div>
  );
}
