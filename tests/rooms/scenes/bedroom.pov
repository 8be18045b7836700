// Bedroom: a bed with an upholstered headboard against the back wall, bedside tables and lamps,
// a sash window in the back wall, a panelled door in the left wall, a chest of drawers, a plant.
// Room: x 0..4.2 (left wall at x = 0), z 0..3.8 (back wall at z = 3.8, window), y 0..2.5.
#version 3.7;
#include "common.inc"

#declare RoomW = 4.2;
#declare RoomD = 3.8;
#declare RoomH = 2.5;
#declare T = 0.15;

camera {
  location <3.85, 1.5, 0.2>
  look_at <1.6, 1.02, 3.8>
  right x * image_width / image_height
  angle 74
}

Outside()

// ---- window in the back wall, centred at x = 3.45 ----
#declare WinW = 0.95;
#declare WinH = 1.4;
#declare WinSill = 0.85;
#declare WinX = 3.45;
#declare WinFrame = transform { translate <WinX, WinSill, RoomD> }
object { WindowUnit(WinW, WinH, T) transform { WinFrame } }
WindowLight(WinW, WinH, T, (Light = 0 ? 3.2 : 2.2), WinFrame)
Sun(<0.55, 0.75, 1>, 3.2)

// ---- walls ----
#declare DoorZ = 1.95;
#declare DoorW = 0.8;
#declare DoorH = 2.0;
difference {
  box { <-T, 0, -T>, <0, RoomH, RoomD + T> }
  box { <-T - 0.1, -0.1, DoorZ - DoorW / 2>, <0.1, DoorH, DoorZ + DoorW / 2> }
  Wall(1)
}
difference {
  box { <-T, 0, RoomD>, <RoomW + T, RoomH, RoomD + T> }
  box { <WinX - WinW / 2, WinSill, RoomD - 0.1>, <WinX + WinW / 2, WinSill + WinH, RoomD + T + 0.1> }
  Wall(2)
}
box { <RoomW, 0, -T>, <RoomW + T, RoomH, RoomD + T> Wall(3) }
box { <-T, 0, -T>, <RoomW + T, RoomH, 0> Wall(4) }

// floor (oak) and ceiling
box { <-T, -0.1, -T>, <RoomW + T, 0, RoomD + T> Other(T_Oak) }
box { <-T, RoomH, -T>, <RoomW + T, RoomH + 0.1, RoomD + T> Ceiling() }

// ---- woodwork ----
#declare SkH = 0.15;
#declare SkT = 0.022;
union {
  box { <0, 0, 0>, <SkT, SkH, DoorZ - DoorW / 2 - 0.07> }
  box { <0, 0, DoorZ + DoorW / 2 + 0.07>, <SkT, SkH, RoomD> }
  box { <0, 0, RoomD - SkT>, <RoomW, SkH, RoomD> }
  box { <RoomW - SkT, 0, 0>, <RoomW, SkH, RoomD> }
  // architrave and door (local frame: on the wall x = 0, facing +x)
  difference {
    box { <0, 0, DoorZ - DoorW / 2 - 0.075>, <0.022, DoorH + 0.075, DoorZ + DoorW / 2 + 0.075> }
    box { <-0.1, -0.1, DoorZ - DoorW / 2>, <0.1, DoorH, DoorZ + DoorW / 2> }
  }
  difference {
    box { <-0.06, 0.005, DoorZ - DoorW / 2>, <-0.02, DoorH, DoorZ + DoorW / 2> }
    #for (Pz, 0, 1)
      #for (Py, 0, 1)
        #local Z0 = DoorZ - DoorW / 2 + 0.1 + Pz * (DoorW / 2 - 0.05);
        #local Y0 = 0.2 + Py * 0.95;
        box { <-0.03, Y0, Z0>, <0, Y0 + (Py = 0 ? 0.75 : 0.7), Z0 + DoorW / 2 - 0.15> }
      #end
    #end
  }
  Wood()
}
sphere { <0.005, 1.0, DoorZ - DoorW / 2 + 0.08>, 0.025 Other(T_Metal) }

// ---- bed ----
#declare BedX0 = 0.95;
#declare BedX1 = 2.55;
#declare BedZ0 = 1.7;
union {
  // upholstered headboard
  superellipsoid { <0.2, 0.2> scale <(BedX1 - BedX0) / 2 + 0.05, 0.6, 0.05> translate <(BedX0 + BedX1) / 2, 0.6, RoomD - 0.06> Other(Fabric(srgb <0.42, 0.46, 0.44>)) }
  // base and mattress
  box { <BedX0, 0.08, BedZ0>, <BedX1, 0.35, RoomD - 0.1> Other(Fabric(srgb <0.42, 0.46, 0.44>)) }
  superellipsoid { <0.15, 0.15> scale <(BedX1 - BedX0) / 2, 0.1, (RoomD - 0.1 - BedZ0) / 2> translate <(BedX0 + BedX1) / 2, 0.44, (RoomD - 0.1 + BedZ0) / 2> Other(Fabric(srgb <0.95, 0.94, 0.91>)) }
  // duvet over the lower two thirds, falling over the foot
  box { <BedX0 - 0.03, 0.2, BedZ0 - 0.03>, <BedX1 + 0.03, 0.56, RoomD - 0.75> Other(Fabric(srgb <0.86, 0.8, 0.7>)) }
  box { <BedX0 - 0.02, 0.52, BedZ0 - 0.02>, <BedX1 + 0.02, 0.58, BedZ0 + 0.5> Other(Fabric(srgb <0.45, 0.52, 0.6>)) }
  // pillows
  superellipsoid { <0.5, 0.5> scale <0.34, 0.09, 0.2> rotate x * -20 translate <BedX0 + 0.42, 0.62, RoomD - 0.35> Other(Fabric(srgb <0.96, 0.95, 0.93>)) }
  superellipsoid { <0.5, 0.5> scale <0.34, 0.09, 0.2> rotate x * -20 translate <BedX1 - 0.42, 0.62, RoomD - 0.35> Other(Fabric(srgb <0.96, 0.95, 0.93>)) }
}

// bedside tables with lamps
#macro Bedside(X)
  union {
    box { <X - 0.22, 0.0, RoomD - 0.42>, <X + 0.22, 0.55, RoomD - 0.02> Other(T_DarkWood) }
    box { <X - 0.2, 0.3, RoomD - 0.43>, <X + 0.2, 0.31, RoomD - 0.42> Other(Matt(srgb 0.15)) }
    cylinder { <X, 0.55, RoomD - 0.22>, <X, 0.82, RoomD - 0.22>, 0.07 Other(Glossy(srgb <0.78, 0.72, 0.62>)) }
    object { Shade(0.15, 0.11, 0.2, srgb <0.94, 0.91, 0.84>) translate <X, 0.76, RoomD - 0.22> }
  }
  Bulb(<X, 0.88, RoomD - 0.22>, 1.2)
#end
Bedside(BedX0 - 0.28)
Bedside(BedX1 + 0.28)

// picture above the bed: a wide print
object { Picture(1.0, 0.5, pigment { gradient x color_map { [0 srgb <0.8, 0.72, 0.6>] [0.33 srgb <0.55, 0.62, 0.6>] [0.66 srgb <0.85, 0.82, 0.75>] [1 srgb <0.7, 0.5, 0.4>] } scale 0.33 }, Matt(srgb <0.93, 0.92, 0.9>)) translate <(BedX0 + BedX1) / 2, 1.6, RoomD> }

// rug
box { <0.6, 0, 0.9>, <2.9, 0.012, 2.3> Other(Fabric(srgb <0.62, 0.55, 0.5>)) }

// chest of drawers on the left wall, nearer the camera than the door, with a mirror above
union {
  box { <0.02, 0.08, 2.55>, <0.5, 0.9, 3.35> }
  Other(texture { pigment { srgb <0.88, 0.86, 0.82> } finish { ambient 0 diffuse 0.9 specular 0.15 roughness 0.03 } })
}
#for (I, 0, 2)
  box { <0.5, 0.14 + I * 0.25, 2.6>, <0.505, 0.34 + I * 0.25, 3.3> Other(Matt(srgb <0.8, 0.78, 0.74>)) }
  sphere { <0.52, 0.24 + I * 0.25, 2.95>, 0.018 Other(T_Metal) }
#end
union {
  torus { 0.32, 0.025 rotate z * 90 Other(Glossy(srgb <0.62, 0.5, 0.3>)) }
  cylinder { <-0.01, 0, 0>, <0.005, 0, 0>, 0.31 Other(texture { pigment { srgb <0.55, 0.58, 0.6> } finish { ambient 0 diffuse 0.1 reflection 0.6 specular 0.6 roughness 0.003 } }) }
  translate <0.03, 1.38, 2.95>
}
// a vase of dried grass on the chest, close to the wall's colour
cylinder { <0.25, 0.9, 3.15>, <0.25, 1.12, 3.15>, 0.06 Other(Matt(srgb <0.9, 0.86, 0.79>)) }

// plant by the window, off-white pot close to the wall's colour
object { Plant(0.17, 1.3, 11, T_Leaf, Matt(srgb <0.9, 0.87, 0.8>)) translate <3.95, 0, 3.3> }
