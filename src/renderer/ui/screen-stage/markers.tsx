/** An action's marker over a screenshot, in device pixels: a box, a point, or a finger path. */
import type { Marker } from './action-marker.ts';

export function MarkerShape({ marker, k, tone }: { marker: Marker; k: number; tone: 'agent' | 'person' }) {
  const cls = `marker marker-${tone}`;
  const r = 14 * k;
  switch (marker.kind) {
    case 'box':
      return (
        <g className={cls} data-marker="box">
          <rect
            x={marker.bounds[0]}
            y={marker.bounds[1]}
            width={marker.bounds[2] - marker.bounds[0]}
            height={marker.bounds[3] - marker.bounds[1]}
            className="marker-box"
            rx={6 * k}
          />
          <circle cx={marker.point[0]} cy={marker.point[1]} r={r} className="marker-dot" />
        </g>
      );
    case 'point':
      return (
        <g className={cls} data-marker="point">
          <circle cx={marker.point[0]} cy={marker.point[1]} r={r * 1.6} className="marker-ring" />
          <circle cx={marker.point[0]} cy={marker.point[1]} r={r * 0.6} className="marker-dot" />
        </g>
      );
    case 'arrow': {
      const [x1, y1] = marker.from;
      const [x2, y2] = marker.to;
      const a = Math.atan2(y2 - y1, x2 - x1);
      const h = 30 * k;
      const head = `${x2},${y2} ${x2 - h * Math.cos(a - 0.45)},${y2 - h * Math.sin(a - 0.45)} ${x2 - h * Math.cos(a + 0.45)},${y2 - h * Math.sin(a + 0.45)}`;
      return (
        <g className={cls} data-marker="arrow">
          {marker.bounds ? (
            <rect
              x={marker.bounds[0]}
              y={marker.bounds[1]}
              width={marker.bounds[2] - marker.bounds[0]}
              height={marker.bounds[3] - marker.bounds[1]}
              className="marker-box marker-box-soft"
            />
          ) : null}
          <circle cx={x1} cy={y1} r={r * 0.8} className="marker-dot" />
          <line x1={x1} y1={y1} x2={x2} y2={y2} className="marker-line" />
          <polygon points={head} className="marker-head" />
        </g>
      );
    }
    case 'none':
      return null;
  }
}
